/** A mistake in how the command was invoked or in the files it was given: printed as one line, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
