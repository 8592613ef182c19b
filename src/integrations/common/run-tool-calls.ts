import type { CallOptions } from '../../session/tool-search-session.ts';

/** Options of the provider helpers that run a message's tool calls. */
export interface RunToolCallsOptions extends Pick<CallOptions, 'signal'> {
  /**
   * Run the calls at the same time instead of one after another (the replies keep the model's order
   * either way). Off by default: then approvals, hooks and the tools see one call at a time, which an
   * interactive approver needs. @default false
   */
  readonly parallel?: boolean;
}

/**
 * Runs `run` for each item, one after another or all at once as `options.parallel` says, handing it
 * the options every call takes (the signal); the results are in the items' order.
 */
export async function runEachCall<Item, Result>(
  items: readonly Item[],
  options: RunToolCallsOptions,
  run: (item: Item, callOptions: Pick<CallOptions, 'signal'>) => Promise<Result>,
): Promise<Result[]> {
  const { parallel = false, ...callOptions } = options;
  if (parallel) return Promise.all(items.map((item) => run(item, callOptions)));
  const results: Result[] = [];
  for (const item of items) results.push(await run(item, callOptions));
  return results;
}
