/** The message of anything thrown: an Error's message, or the value as a string. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The first line of {@link messageOf}: what a one-line CLI error or warning quotes of a longer message. */
export function firstLineOf(error: unknown): string {
  return messageOf(error).split('\n')[0]!;
}
