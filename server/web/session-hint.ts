import { createHash } from 'node:crypto';
import { SIGNED_IN_HINT_ATTRIBUTE, TOKEN_MIN_LENGTH, TOKEN_STORAGE_KEY } from '../../contracts/session';

/**
 * The one inline script of every page. The server renders a visitor's page (the session is in the
 * browser's local storage); this marks <html> before the first paint when specification §2's signed-in rule
 * holds, so the CSS can show a signed-in reader's layout at once (no flash, no shift). It is
 * allowed by its hash in the Content-Security-Policy, never by 'unsafe-inline'.
 */
export const SESSION_HINT_SCRIPT =
  `try{var t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)});` +
  `if(t&&t!=="undefined"&&t.length>=${TOKEN_MIN_LENGTH})` +
  `document.documentElement.setAttribute(${JSON.stringify(SIGNED_IN_HINT_ATTRIBUTE)},"")}catch(e){}`;

/** The CSP source that allows exactly that script. */
export const SESSION_HINT_CSP_SOURCE = `'sha256-${createHash('sha256').update(SESSION_HINT_SCRIPT).digest('base64')}'`;
