import type { Comment } from '../../../../../contracts/comments';
import {
  anchorAt,
  locatePassage,
  PASSAGE_QUOTE_MAX,
  type PassageAnchor,
  type TextRange,
} from '../../../../../contracts/passage-anchor';
import type { PageText } from './page-text';

/** A marked passage: where it is in the post's text now, and the comments about it, oldest first. */
export interface Passage {
  range: TextRange;
  comments: Comment[];
}

/**
 * The passages of a post that have comments, found again in its current text (so after an edit
 * too) and merged where they overlap, so the page shows one mark and one count for each.
 * Comments whose passage is gone are left out here; the discussion lists them "on an earlier
 * version".
 */
export function groupPassages(text: string, comments: Comment[]): Passage[] {
  const located: Passage[] = [];
  for (const comment of comments) {
    if (!comment.anchor || comment.deleted) continue;
    const range = locatePassage(text, comment.anchor);
    if (range) located.push({ range, comments: [comment] });
  }
  located.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  const merged: Passage[] = [];
  for (const passage of located) {
    const last = merged[merged.length - 1];
    if (last && passage.range.start < last.range.end) {
      last.range = { start: last.range.start, end: Math.max(last.range.end, passage.range.end) };
      last.comments.push(...passage.comments);
    } else merged.push({ range: { ...passage.range }, comments: [...passage.comments] });
  }
  for (const passage of merged) passage.comments.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return merged;
}

/** A selection longer than a comment may quote is cut at the last word that fits. */
export function withinQuoteLimit(text: string, range: TextRange): TextRange {
  if (range.end - range.start <= PASSAGE_QUOTE_MAX) return range;
  const cut = text.slice(range.start, range.start + PASSAGE_QUOTE_MAX);
  const lastSpace = cut.lastIndexOf(' ');
  return { start: range.start, end: range.start + (lastSpace > 0 ? lastSpace : PASSAGE_QUOTE_MAX) };
}

export interface PassageChoice {
  label: string;
  anchor: PassageAnchor;
}

const CHOOSABLE_BLOCKS = [
  ':scope > p',
  ':scope > h2',
  ':scope > h3',
  ':scope > h4',
  ':scope > h5',
  ':scope > h6',
  ':scope > blockquote > p',
  ':scope > ul > li',
  ':scope > ol > li',
  ':scope > pre',
].join(', ');

/**
 * The post's paragraphs, headings, list items and code blocks, in order, for choosing a passage
 * without selecting text: the keyboard's and the screen reader's way in.
 */
export function choosablePassages(root: HTMLElement, page: PageText): PassageChoice[] {
  const choices: PassageChoice[] = [];
  root.querySelectorAll<HTMLElement>(CHOOSABLE_BLOCKS).forEach((block) => {
    const whole = document.createRange();
    whole.selectNodeContents(block);
    const range = page.fromDomRange(whole);
    if (!range) return;
    const anchor = anchorAt(page.text, withinQuoteLimit(page.text, range));
    if (!anchor.quote) return;
    const words = anchor.quote.length > 80 ? `${anchor.quote.slice(0, 79)}…` : anchor.quote;
    choices.push({ label: `${choices.length + 1}. ${words}`, anchor });
  });
  return choices;
}
