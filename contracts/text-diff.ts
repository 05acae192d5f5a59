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
 * as removed then added, which bounds the work (Myers' algorithm costs (n + m) × edits).
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
  const ops = shortestEdit(middleA, middleB);
  if (ops) for (const [kind, text] of ops) push(kind, text);
  else {
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

type Op = [DiffPart['kind'], string];

/**
 * Myers' O((n + m) · d) shortest edit script of two token lists, or null past MAX_EDITS. Each
 * step keeps only its own diagonals (2d + 1 of them), so memory grows with the edits, not the text.
 */
function shortestEdit(a: string[], b: string[]): Op[] | null {
  const n = a.length;
  const m = b.length;
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(n + m, MAX_EDITS); d += 1) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
    }
    trace.push(v.slice(offset - d, offset + d + 1));
    if (v[offset + n - m]! >= n && (n - m + d) % 2 === 0 && Math.abs(n - m) <= d) {
      return backtrack(a, b, trace);
    }
  }
  return null;
}

/** Walks the steps back from the end, turning each into the tokens kept, inserted or deleted. */
function backtrack(a: string[], b: string[], trace: Int32Array[]): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d -= 1) {
    const previous = trace[d - 1]!;
    const at = (k: number) => previous[k + d - 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    // The move into diagonal k was down (an insertion) or right (a deletion); a run of shared
    // tokens followed it.
    const inserted = prevK === k + 1;
    while (x > (inserted ? prevX : prevX + 1)) {
      ops.push(['same', a[x - 1]!]);
      x -= 1;
      y -= 1;
    }
    if (inserted) {
      ops.push(['added', b[y - 1]!]);
      y -= 1;
    } else {
      ops.push(['removed', a[x - 1]!]);
      x -= 1;
    }
  }
  while (x > 0 && y > 0) {
    ops.push(['same', a[x - 1]!]);
    x -= 1;
    y -= 1;
  }
  return ops.reverse();
}
