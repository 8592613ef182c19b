/** The most characters of a model-supplied name an error message repeats. */
export const ECHOED_NAME_LENGTH = 80;

/**
 * A name the model sent, fit to be repeated in a message back to it: as it is up to
 * {@link ECHOED_NAME_LENGTH} characters, else its first 80 followed by "… (N characters)". A model can
 * send a name of a million characters; echoing it whole would spend that much of its context again.
 */
export function clipEchoedName(name: string): string {
  if (name.length <= ECHOED_NAME_LENGTH) return name;
  // Never half of a character that takes two UTF-16 units.
  const last = name.charCodeAt(ECHOED_NAME_LENGTH - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? ECHOED_NAME_LENGTH - 1 : ECHOED_NAME_LENGTH;
  return `${name.slice(0, end)}… (${name.length.toLocaleString('en-US')} characters)`;
}
