import { diffArrays } from 'diff';
import { countWords } from './word-count';

/** A run of text both sides share, or that only the newer (`added`) or older (`removed`) has. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Words (joined as countWords joins them), runs of white space, and each other character alone. */
const TOKEN = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*|\s+|[^\p{L}\p{N}\s]/gu;

/**
 * Past this many insertions and deletions the texts have little in common: the middle is shown
 * as removed then added, which bounds the work (Myers' algorithm, jsdiff's, costs (n + m) × edits).
 */
const MAX_EDITS = 2000;

/**
 * A word-level diff of `before` and `after` (docs/decisions/0076-post-versions.md): the parts to
 * show in order, joined runs of one kind. Shared by the server, which counts the words each save
 * added and removed, and the history panel, which shows them.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = before.match(TOKEN) ?? [];
  const b = after.match(TOKEN) ?? [];
  // Most saves change a little in the middle: the common ends cost one pass, not the algorithm.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else if (text) parts.push({ kind, text });
  };
  push('same', a.slice(0, start).join(''));
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  // jsdiff's Myers over our own tokens, so its words are the ones countWords counts.
  const changes = diffArrays(middleA, middleB, { maxEditLength: MAX_EDITS });
  if (changes) {
    for (const change of changes) {
      push(change.added ? 'added' : change.removed ? 'removed' : 'same', change.value.join(''));
    }
  } else {
    push('removed', middleA.join(''));
    push('added', middleB.join(''));
  }
  push('same', a.slice(endA).join(''));
  return parts;
}

/** Words added and removed from `before` to `after`. */
export function wordChange(before: string, after: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const part of diffWords(before, after)) {
    if (part.kind === 'added') added += countWords(part.text);
    else if (part.kind === 'removed') removed += countWords(part.text);
  }
  return { added, removed };
}
