/**
 * Web addresses in a writer's text: what the editor turns into links when one is typed or pasted.
 * Only what a reader could open: `http://` and `https://` addresses, and `www.` names (read as
 * https). A bare `example.com` stays text, as it would in an email, so a sentence that ends a word
 * with a dot is never linked by surprise.
 */

export interface WebAddress {
  /** Where the address starts in the text. */
  index: number;
  /** The address as written. */
  text: string;
  /** Where the link goes. */
  href: string;
}

// An address runs to the next space (or a character no address holds unescaped).
const CANDIDATE = /(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Punctuation that ends a sentence or a clause rather than the address.
const TRAILING = /[.,;:!?'"*_]+$/;

/** Every address in `text`, in order. */
export function findWebAddresses(text: string): WebAddress[] {
  const found: WebAddress[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const index = match.index;
    // Inside a word ("foowww.example.com") it is not an address.
    if (index > 0 && /[\p{L}\p{N}_]/u.test(text[index - 1]!)) continue;
    const written = trimAddress(match[0]);
    const href = hrefOf(written);
    if (href) found.push({ index, text: written, href });
  }
  return found;
}

/**
 * The address in the last word of `text`, if there is one: what the writer just finished typing
 * when they type a space. Punctuation after it ("…example.com.") stays outside the link.
 */
export function webAddressInLastWord(text: string): WebAddress | null {
  const last = findWebAddresses(text).at(-1);
  return last && !/\s/.test(text.slice(last.index)) ? last : null;
}

/** `text` as one whole address, or null. */
export function wholeWebAddress(text: string): WebAddress | null {
  const trimmed = text.trim();
  const [only] = findWebAddresses(trimmed);
  return only && only.index === 0 && only.text === trimmed ? only : null;
}

/**
 * A closing bracket belongs to the address only when the address opened it, as in
 * `https://en.wikipedia.org/wiki/Ink_(disambiguation)`; otherwise it closes the writer's aside.
 */
function trimAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    const withoutPunctuation = address.replace(TRAILING, '');
    const last = withoutPunctuation.at(-1);
    const opener = last === ')' ? '(' : last === ']' ? '[' : null;
    if (opener && count(withoutPunctuation, opener) < count(withoutPunctuation, last!)) {
      address = withoutPunctuation.slice(0, -1);
      continue;
    }
    return withoutPunctuation;
  }
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** The link for an address, or null when it has no host a browser could reach. */
function hrefOf(address: string): string | null {
  const href = /^www\./i.test(address) ? `https://${address}` : address;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  // `https://` alone, or a one-word host that is not a dotted name (a typo more often than a site).
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  return href;
}

/**
 * Whether a link's address is one the editor keeps: http, https and mailto, as the server's
 * sanitizer allows, or a relative address. `javascript:` and other schemes never become links.
 */
export function isSafeHref(href: string): boolean {
  // Browsers ignore control characters and spaces in a scheme (`java\tscript:`), so they are left out.
  const compact = [...href].filter((character) => character > ' ').join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}
