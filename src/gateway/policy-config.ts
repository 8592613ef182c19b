import { closestKey, didYouMean } from '../config/closest-key.ts';
import { describeValue, type ConfigWarning } from '../config/config-warning.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import type { PolicyPatterns } from './tool-policy.ts';

/** The keys of a config's `policy` block. */
export const POLICY_KEYS: readonly string[] = ['deny', 'require_approval'];

/**
 * A config's `pin`, `policy.deny` and `policy.require_approval` (one glob or a list of them), read the
 * one way every command reads them: `serve`, `inspect`, `learn`, `assemble` and `search`. What has no
 * safe reading throws a ToolSearchError (`invalid_config_file`) naming the key: a root key not in
 * `rootKeys` but a typo away from `policy` (`polcy`: ignoring it would drop every deny rule), an
 * unknown key inside `policy` (ignoring `require_aproval` would silently drop an approval) or a value
 * that is not a list of strings. An empty pattern matches no tool and is a warning. Pure.
 */
export function resolvePolicyPatterns(
  root: Readonly<Record<string, unknown>>,
  rootKeys: readonly string[],
  warnings: ConfigWarning[],
): PolicyPatterns {
  for (const key of Object.keys(root).sort()) {
    if (rootKeys.includes(key) || closestKey(key, ['policy']) === undefined) continue;
    throw invalid(`${key}: unknown key (did you mean 'policy'?); stopped rather than go on without the policy settings it may hold`);
  }
  const policy = root['policy'] ?? {};
  if (typeof policy !== 'object' || Array.isArray(policy)) throw invalid(`policy: expected a mapping, got ${describeValue(policy)}`);
  const block = policy as Record<string, unknown>;
  for (const key of Object.keys(block).sort()) {
    if (POLICY_KEYS.includes(key)) continue;
    throw invalid(
      `policy.${key}: unknown key${didYouMean(key, POLICY_KEYS)}; the known keys are ${POLICY_KEYS.join(', ')}. It was not ignored, since that could drop a protection`,
    );
  }
  return {
    pin: globs(root['pin'], 'pin', warnings),
    deny: globs(block['deny'], 'policy.deny', warnings),
    requireApproval: globs(block['require_approval'], 'policy.require_approval', warnings),
  };
}

function globs(value: unknown, path: string, warnings: ConfigWarning[]): string[] {
  const patterns = typeof value === 'string' ? [value] : readStringList(value, path);
  return patterns.filter((pattern, index) => {
    if (pattern.trim() !== '') return true;
    warnings.push({
      path: `${path}[${index}]`,
      received: pattern,
      message: `${path}[${index}]: an empty pattern matches no tool; ignored`,
    });
    return false;
  });
}

/** A config list of strings (numbers and booleans read as text); absent or null is empty; anything else is an invalid_config_file error naming `path`. */
export function readStringList(value: unknown, path: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(`${path}: expected a list of strings, got ${describeValue(value)}`);
  return value.map((item, index) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number' || typeof item === 'boolean') return String(item);
    throw invalid(`${path}[${index}]: expected a string, got ${describeValue(item)}`);
  });
}

function invalid(message: string): ToolSearchError {
  return new ToolSearchError('invalid_config_file', message);
}
