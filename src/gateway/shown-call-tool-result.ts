import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { boundCallToolResult } from './bound-call-tool-result.ts';
import { redactJson, type Redactor } from './redact-secrets.ts';

/** What a client is shown in place of a result that cannot be walked to take secrets out of it. */
export const WITHHELD_RESULT: CallToolResult = Object.freeze({
  content: [{ type: 'text', text: 'The result could not be checked for secrets, so it was withheld.' }],
  isError: true,
}) as CallToolResult;

/**
 * A tool result as a client may be shown it: secrets out first, then cut to `maxResultTokens` (see
 * boundCallToolResult). In that order because a cut through a secret would leave a piece no redactor
 * recognises. Applying it to its own output changes nothing, so a result shrunk early (a large answer
 * read off the main thread, see readLargeMessage) comes out the same when it is relayed.
 */
export function shownCallToolResult(result: CallToolResult, maxResultTokens: number, redact?: Redactor): CallToolResult {
  const redacted = redact === undefined ? result : redactJson(result, redact, WITHHELD_RESULT);
  return boundCallToolResult(redacted, maxResultTokens);
}
