import type { ToolArguments, ToolDefinition } from '../tools/tool.ts';

/** One way a call's arguments break their tool's parameters schema. */
export interface ArgumentProblem {
  /** JSON Pointer of the offending value within the arguments (`/items/0/name`); `''` for the arguments object itself. */
  readonly path: string;
  /** What is wrong, phrased for a model: `must be string`, `must be one of "low", "high"`. */
  readonly message: string;
}

/** Checks the arguments of one call: their problems, none when they match the schema. */
export type ArgumentCheck = (args: ToolArguments) => readonly ArgumentProblem[];

/**
 * Turns a tool's parameters schema into an {@link ArgumentCheck}, or returns undefined when it cannot
 * (a schema it cannot compile, or too large to check): the call then runs unchecked, as it would with
 * no validator, and telling someone is the validator's business. Asked at every call, so it should
 * compile each schema once and keep the check (keyed on the schema's content, never on a session).
 * The core ships none, to stay dependency-free: `createAjvValidator()` from `tool-search/validation`
 * is the standard one.
 */
export type ArgumentValidator = (tool: ToolDefinition) => ArgumentCheck | undefined;
