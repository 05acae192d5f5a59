import { collapseWithOffsets, type TextRange } from '../../../../../contracts/passage-anchor';

/** What the passage layer adds to the post (counts, their slots): never part of the text. */
export const PASSAGE_UI_ATTRIBUTE = 'data-passage-ui';

interface TextPiece {
  node: Text;
  /** Where the node's text starts in the raw text of the post. */
  start: number;
}

/**
 * The words of a post as a reader sees them, in the same white-space-collapsed form the server
 * anchors passages in (contracts/passage-anchor.ts), with the way back to the text nodes on the
 * page: a found passage becomes a DOM range to mark, a reader's selection becomes a range of text.
 */
export interface PageText {
  text: string;
  toDomRange(range: TextRange): Range | null;
  fromDomRange(range: Range): TextRange | null;
}

export function readPageText(root: HTMLElement): PageText {
  const pieces: TextPiece[] = [];
  let raw = '';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(`[${PASSAGE_UI_ATTRIBUTE}]`)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node instanceof Text)) continue;
    pieces.push({ node, start: raw.length });
    raw += node.data;
  }
  const { text, offsets } = collapseWithOffsets(raw);

  /** The piece holding raw offset `at` (the last one starting at or before it). */
  const pieceAt = (at: number): TextPiece | undefined => {
    let low = 0;
    let high = pieces.length - 1;
    let found: TextPiece | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const piece = pieces[middle];
      if (piece && piece.start <= at) {
        found = piece;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };

  /** The first collapsed index whose raw offset is at or after `rawOffset`. */
  const collapsedIndexOf = (rawOffset: number): number => {
    let low = 0;
    let high = offsets.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((offsets[middle] ?? Infinity) < rawOffset) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  /** A DOM boundary point as a raw offset: in a text node directly, else at the next text. */
  const rawOffsetOf = (container: Node, offset: number): number => {
    if (container instanceof Text) {
      const piece = pieces.find((candidate) => candidate.node === container);
      if (piece) return piece.start + offset;
    }
    const probe = document.createRange();
    probe.setStart(container, offset);
    const next = pieces.find((piece) => probe.comparePoint(piece.node, 0) >= 0);
    return next ? next.start : raw.length;
  };

  return {
    text,
    toDomRange({ start, end }) {
      const rawStart = offsets[start];
      const rawLast = offsets[end - 1];
      if (rawStart === undefined || rawLast === undefined || end <= start) return null;
      const first = pieceAt(rawStart);
      const last = pieceAt(rawLast);
      if (!first || !last) return null;
      const range = document.createRange();
      range.setStart(first.node, rawStart - first.start);
      range.setEnd(last.node, rawLast + 1 - last.start);
      return range;
    },
    fromDomRange(range) {
      if (!root.contains(range.commonAncestorContainer)) return null;
      const start = collapsedIndexOf(rawOffsetOf(range.startContainer, range.startOffset));
      const end = collapsedIndexOf(rawOffsetOf(range.endContainer, range.endOffset));
      return end > start ? { start, end } : null;
    },
  };
}
