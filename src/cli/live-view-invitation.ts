import { liveViewSignInLink } from '../gateway/live-view/serve-live-view.ts';

/**
 * The line that tells the user how to open the live view: its address and the one-time code that
 * signs in one browser (typed into the page's form, or through the link, which is useless once used).
 * The MCP token is never printed or put in a URL.
 */
export function liveViewInvitation(base: URL, code: string): string {
  return `live view: ${base.href} (one-time code ${code}, or open ${liveViewSignInLink(base, code).href}; each code signs in one browser once, and a new one is printed when it is used)`;
}

/** The line printed when a browser signed in: the code for the next one. */
export function liveViewNextInvitation(base: URL, code: string): string {
  return `live view: a browser signed in; the next one signs in at ${base.href} with the one-time code ${code} (or open ${liveViewSignInLink(base, code).href})`;
}
