import type { ToolDefinition } from '../tools/tool.ts';
import type { ArgumentProblem } from './argument-validator.ts';
import { summarizeParameters } from './summarize-parameters.ts';

/** Most problems one message lists; the rest are counted, so a huge bad argument cannot flood the context. */
export const MAX_REPORTED_PROBLEMS = 20;

/**
 * What the model reads when a call's arguments do not match the tool's schema: every failing path
 * with what is wrong (the same line once), then the tool's parameters, so it can fix the call in one
 * step. For example:
 *
 *     The arguments for 'create_task' do not match its parameters:
 *     - /title: must be string
 *     - (root): missing required property 'due'
 *     Parameters of create_task: title (string, required); due (string, required). Fix the arguments and call it again.
 */
export function invalidArgumentsMessage(tool: ToolDefinition, problems: readonly ArgumentProblem[]): string {
  const lines = [...new Set(problems.map((problem) => `- ${problem.path === '' ? '(root)' : problem.path}: ${problem.message}`))];
  const listed = lines.slice(0, MAX_REPORTED_PROBLEMS);
  if (lines.length > MAX_REPORTED_PROBLEMS) listed.push(`- and ${lines.length - MAX_REPORTED_PROBLEMS} more`);
  return [
    `The arguments for '${tool.name}' do not match its parameters:`,
    ...listed,
    `Parameters of ${tool.name}: ${summarizeParameters(tool.parameters)}. Fix the arguments and call it again.`,
  ].join('\n');
}
