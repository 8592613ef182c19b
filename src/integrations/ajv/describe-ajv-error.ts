import type { ErrorObject } from 'ajv';
import type { ArgumentProblem } from '../../dispatch/argument-validator.ts';
import { listValues } from '../../dispatch/summarize-parameters.ts';

/**
 * One Ajv error as a problem a model can fix: the path of the value at fault, and Ajv's message made
 * plainer where it says too little: an enum names its allowed values (`must be one of "low", "high"`),
 * a missing or unknown property names the property at its object's path
 * (`missing required property 'title'`), a list of types reads `must be string or null`.
 */
export function describeAjvError(error: ErrorObject): ArgumentProblem {
  const path = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { path, message: `missing required property '${String(params['missingProperty'])}'` };
    case 'additionalProperties':
      return { path, message: `unknown property '${String(params['additionalProperty'])}' (not allowed here)` };
    case 'unevaluatedProperties':
      return { path, message: `unknown property '${String(params['unevaluatedProperty'])}' (not allowed here)` };
    case 'enum':
      return {
        path,
        message: Array.isArray(params['allowedValues']) ? `must be one of ${listValues(params['allowedValues'])}` : messageOf(error),
      };
    case 'const':
      return { path, message: `must be exactly ${JSON.stringify(params['allowedValue'])}` };
    case 'type': {
      const type = params['type'];
      const types = Array.isArray(type) ? type : typeof type === 'string' ? type.split(',') : [];
      return { path, message: types.length === 0 ? messageOf(error) : `must be ${types.join(' or ')}` };
    }
    default:
      return { path, message: messageOf(error) };
  }
}

function messageOf(error: ErrorObject): string {
  return error.message ?? `fails "${error.keyword}"`;
}
