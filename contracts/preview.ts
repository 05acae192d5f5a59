import { markdownToPlainText } from './plain-text';

/** Specification §9: a post longer than 50 words is cut to its first 15 words plus '...'. */
export const LIST_PREVIEW_WORD_THRESHOLD = 50;
export const LIST_PREVIEW_WORDS = 15;
/** Specification §9: the profile list shows the first 200 characters. */
export const PROFILE_PREVIEW_CHARS = 200;

export function listPreview(markdown: string): string {
  const text = markdownToPlainText(markdown);
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length > LIST_PREVIEW_WORD_THRESHOLD) {
    const shown = words.slice(0, LIST_PREVIEW_WORDS).join(' ');
    // The '...' says the text goes on. When the last word shown already ends in an ellipsis or a
    // full stop, the dots merge into one ellipsis instead of reading "words....".
    if (shown.endsWith('…')) return shown;
    return `${shown.replace(/\.+$/, '')}...`;
  }
  return text;
}

/** Difference 9 from the specification: ' ...' is appended only when the text was actually cut. */
export function profilePreview(markdown: string): string {
  const text = markdownToPlainText(markdown);
  // Array.from counts code points, so an emoji is never split in half.
  const chars = Array.from(text);
  if (chars.length > PROFILE_PREVIEW_CHARS) {
    return `${chars.slice(0, PROFILE_PREVIEW_CHARS).join('')} ...`;
  }
  return text;
}

/** About what search engines and link previews show of a description. */
export const DESCRIPTION_MAX_CHARS = 160;

/**
 * A post's meta description: its plain text on one line, cut at a word boundary
 * within DESCRIPTION_MAX_CHARS, with '…' when it was cut.
 */
export function metaDescription(markdown: string): string {
  const text = markdownToPlainText(markdown).replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  if (chars.length <= DESCRIPTION_MAX_CHARS) return text;
  const cut = chars.slice(0, DESCRIPTION_MAX_CHARS - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > 0 ? atWord : cut}…`;
}
