import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser stays signed in: its cookie's Max-Age and the server's own expiry. @default */
export const DEFAULT_SIGN_IN_MS = 12 * 60 * 60 * 1000;
/** Browsers signed in at once; one more pushes out the one that signed in first. @default */
export const DEFAULT_MAX_SIGNED_IN = 32;
/** Used codes remembered, so a replayed link is told it was used rather than that it is wrong. */
const USED_CODES_KEPT = 32;
/** Crockford's base 32: no I, L, O or U, so a code read aloud or retyped survives. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 20 characters of 5 bits: 100 bits, beyond guessing even for a process on this machine. */
const CODE_LENGTH = 20;

export interface LiveViewSignInOptions {
  /** @default DEFAULT_SIGN_IN_MS */
  readonly signInMs?: number;
  /** @default DEFAULT_MAX_SIGNED_IN */
  readonly maxSignedIn?: number;
  /** Milliseconds since the epoch. @default Date.now */
  readonly now?: () => number;
  /** Random bytes for codes and cookies. @default crypto.randomBytes */
  readonly random?: (size: number) => Buffer;
}

/** What exchanging a code gave: a browser session (its cookie value and lifetime), or why not. */
export type CodeExchange =
  | { readonly ok: true; readonly cookieValue: string; readonly maxAgeSeconds: number; readonly nextCode: string }
  | { readonly ok: false; readonly reason: 'used' | 'wrong' };

/** Whether a cookie value belongs to a signed-in browser. */
export type SignInCheck = 'signed-in' | 'expired' | 'unknown';

/**
 * How browsers sign in to the live view without the MCP token ever being in a URL: the gateway prints
 * a one-time code; a browser exchanges it (typed into the sign-in form, or through the printed link)
 * for a random cookie value of the page's own, which expires. A used code is useless: the browser's
 * history may keep the link, never a secret that still opens anything. One code is open at a time;
 * using it makes the next (for the next browser).
 */
export interface LiveViewSignIn {
  /** The code that signs in the next browser (`XXXX-XXXX-XXXX-XXXX-XXXX`). */
  currentCode(): string;
  /** Exchanges a code (case, spaces and dashes ignored; O read as 0, I and L as 1). */
  exchange(code: string): CodeExchange;
  /** Whether `cookieValue` is a signed-in browser now. */
  check(cookieValue: string | undefined): SignInCheck;
  /** Ends a browser's session: its cookie opens nothing from now on. */
  signOut(cookieValue: string | undefined): void;
  /** Browsers signed in now. */
  signedInCount(): number;
}

export function createLiveViewSignIn(options: LiveViewSignInOptions = {}): LiveViewSignIn {
  const signInMs = options.signInMs ?? DEFAULT_SIGN_IN_MS;
  const maxSignedIn = options.maxSignedIn ?? DEFAULT_MAX_SIGNED_IN;
  const now = options.now ?? Date.now;
  const random = options.random ?? randomBytes;
  /** Signed-in browsers by the digest of their cookie value (the value itself is never kept), in sign-in order. */
  const sessions = new Map<string, number>();
  const usedCodes: string[] = [];
  let code = makeCode(random);

  const sweep = (): void => {
    const time = now();
    for (const [key, expiresAt] of sessions) if (expiresAt <= time) sessions.delete(key);
  };

  return {
    currentCode: () => code,
    exchange(presented) {
      const normalized = normalizeCode(presented);
      const digest = digestOf(normalized);
      if (!timingSafeEqual(Buffer.from(digest, 'hex'), Buffer.from(digestOf(normalizeCode(code)), 'hex'))) {
        return { ok: false, reason: usedCodes.includes(digest) ? 'used' : 'wrong' };
      }
      usedCodes.push(digest);
      if (usedCodes.length > USED_CODES_KEPT) usedCodes.shift();
      code = makeCode(random);
      sweep();
      while (sessions.size >= maxSignedIn) sessions.delete(sessions.keys().next().value!);
      const cookieValue = random(32).toString('base64url');
      sessions.set(digestOf(cookieValue), now() + signInMs);
      return { ok: true, cookieValue, maxAgeSeconds: Math.floor(signInMs / 1000), nextCode: code };
    },
    check(cookieValue) {
      if (cookieValue === undefined || cookieValue === '') return 'unknown';
      const key = digestOf(cookieValue);
      const expiresAt = sessions.get(key);
      if (expiresAt === undefined) return 'unknown';
      if (expiresAt > now()) return 'signed-in';
      sessions.delete(key);
      return 'expired';
    },
    signOut(cookieValue) {
      if (cookieValue !== undefined) sessions.delete(digestOf(cookieValue));
    },
    signedInCount() {
      sweep();
      return sessions.size;
    },
  };
}

/** A code as the user may type it, in its one canonical form (no dashes, upper case, Crockford's readings). */
export function normalizeCode(code: string): string {
  return code.slice(0, 200).toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

function makeCode(random: (size: number) => Buffer): string {
  const bytes = random(CODE_LENGTH);
  let text = '';
  for (let index = 0; index < CODE_LENGTH; index++) text += CODE_ALPHABET[bytes[index]! % 32];
  return text.match(/.{4}/g)!.join('-');
}

/** Codes and cookie values are compared and kept by SHA-256: equal length, and nothing reusable in memory. */
function digestOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
