import { PASSAGE_UI_ATTRIBUTE } from './page-text';

const MARK_CLASS = 'passage-mark';
/** Inline elements a count may not sit inside (a button in a link, or in the middle of code). */
const INLINE_WRAPPERS = new Set(['A', 'STRONG', 'B', 'EM', 'I', 'CODE', 'SPAN', 'MARK', 'DEL', 'SUB', 'SUP']);

/** Whether the layer has marked anything in the post. */
export function hasPassageMarks(root: HTMLElement): boolean {
  return root.querySelector(`[${PASSAGE_UI_ATTRIBUTE}], mark.${MARK_CLASS}`) !== null;
}

/** Takes every mark and count the layer added back out of the post, leaving its HTML as it came. */
export function clearPassageMarks(root: HTMLElement): void {
  // A post without marks is left exactly as React wrote it.
  if (!hasPassageMarks(root)) return;
  root.querySelectorAll(`[${PASSAGE_UI_ATTRIBUTE}]`).forEach((element) => element.remove());
  root.querySelectorAll(`mark.${MARK_CLASS}`).forEach((mark) => {
    mark.replaceWith(...Array.from(mark.childNodes));
  });
  root.normalize();
}

/**
 * Wraps the text of `range` in <mark> elements, one per text node it crosses (a passage may span
 * a link or a paragraph break), skipping the white space between blocks, where a <mark> would be
 * out of place (between list items, say). Answers the marks, in order.
 */
export function markRange(range: Range, commentIds: string[]): HTMLElement[] {
  const texts: Text[] = [];
  const container = range.commonAncestorContainer;
  if (container instanceof Text) texts.push(container);
  else {
    const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Text && range.intersectsNode(node)) texts.push(node);
    }
  }
  const marks: HTMLElement[] = [];
  for (const text of texts) {
    const from = text === range.startContainer ? range.startOffset : 0;
    const to = text === range.endContainer ? range.endOffset : text.length;
    if (to <= from || text.data.slice(from, to).trim() === '') continue;
    let target = text;
    if (from > 0) target = target.splitText(from);
    if (to - from < target.length) target.splitText(to - from);
    const mark = document.createElement('mark');
    mark.className = MARK_CLASS;
    mark.dataset.comments = commentIds.join(' ');
    target.replaceWith(mark);
    mark.appendChild(target);
    marks.push(mark);
  }
  return marks;
}

/**
 * A slot for a passage's count, right after its last mark and outside any link or inline code, so
 * it reads after the passage and its button is never inside another control.
 */
export function insertCountSlot(lastMark: HTMLElement, root: HTMLElement): HTMLElement {
  let after: HTMLElement = lastMark;
  while (
    after.parentElement &&
    after.parentElement !== root &&
    INLINE_WRAPPERS.has(after.parentElement.tagName)
  ) {
    after = after.parentElement;
  }
  const slot = document.createElement('span');
  slot.className = 'passage-count-slot';
  slot.setAttribute(PASSAGE_UI_ATTRIBUTE, '');
  after.after(slot);
  return slot;
}

/** The marks of the passage a comment is about, if it is on the page. */
export function marksOfComment(root: ParentNode, commentId: string): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(`mark.${MARK_CLASS}`)).filter((mark) =>
    (mark.dataset.comments ?? '').split(' ').includes(commentId),
  );
}
