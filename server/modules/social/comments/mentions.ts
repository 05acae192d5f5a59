import escapeHtml from 'escape-html';
import { profilePagePath, type Addressable } from '../../../../contracts/site';

/** At most this many people are mentioned by one comment; later `@names` stay text. */
export const MENTIONS_PER_COMMENT_MAX = 10;

/**
 * `@name`: letters, digits, `_`, `.` and `-`, not preceded by a word character (so an email address
 * is no mention). A trailing dot ends the sentence, not the name.
 */
const MENTION_PATTERN = /(?<![\p{L}\p{N}_@.])@([\p{L}\p{N}_][\p{L}\p{N}_.-]{0,63})/gu;

function cleanName(raw: string): string {
  return raw.replace(/[.-]+$/u, '');
}

/** The distinct names a text mentions, lower-cased, in order of first appearance. */
export function mentionedNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const name = cleanName(match[1] ?? '').toLowerCase();
    if (name && !names.includes(name)) names.push(name);
    if (names.length === MENTIONS_PER_COMMENT_MAX) break;
  }
  return names;
}

/** Tags inside which a mention stays text: links (no link in a link) and code. */
const NO_LINK_INSIDE = new Set(['a', 'code', 'pre']);

/**
 * Turns resolved `@name`s in sanitized HTML into links to the profile (`/@handle` when the person
 * has one). Works on the sanitizer's output, where text never holds a raw `<`, so splitting at tags
 * is exact; the inserted name is escaped and the address is built from a handle or an id, so
 * nothing the writer typed becomes markup.
 */
export function linkMentions(html: string, personByName: ReadonlyMap<string, Addressable>): string {
  if (personByName.size === 0) return html;
  const open: string[] = [];
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        const tag = /^<\/?([a-z0-9]+)/i.exec(part)?.[1]?.toLowerCase();
        if (tag && NO_LINK_INSIDE.has(tag)) {
          if (part.startsWith('</')) open.pop();
          else if (!part.endsWith('/>')) open.push(tag);
        }
        return part;
      }
      if (open.length > 0) return part;
      return part.replace(MENTION_PATTERN, (whole, raw: string) => {
        const name = cleanName(raw);
        const person = personByName.get(name.toLowerCase());
        if (!person) return whole;
        const rest = raw.slice(name.length);
        const href = profilePagePath(person);
        return `<a class="mention" href="${href}">@${escapeHtml(name)}</a>${rest}`;
      });
    })
    .join('');
}
