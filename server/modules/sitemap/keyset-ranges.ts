/** A range of keys: after `after` (exclusive; null: from the first) up to `until` (inclusive; null: to the last). */
export interface KeyRange {
  after: string | null;
  until: string | null;
}

/** The key `count` places after `after` in ascending order, or undefined when fewer follow it. */
export type KeyAfter = (after: string | null, count: number) => Promise<string | undefined>;

/**
 * Cuts an ascending key space (post ids, author ids) into consecutive ranges of at most `size`
 * keys, for child sitemaps. Finding each boundary is one hop along an index: "the key `size`
 * places further on", an index-only skip whose cost is the range's, never the table's.
 *
 * A boundary, once found, is kept ("sealed"): ids are UUIDv7 and only ever grow, so new posts land
 * in the open last range and sealed ranges can only shrink (by deletions), never exceed `size`.
 * Later requests therefore walk only the open tail, and a crawler sees the same child addresses
 * from one day to the next. After `rewalkAfterMs` the boundaries are found afresh, which packs
 * ranges that deletions have thinned.
 */
export class KeysetRanges {
  private sealed: string[] = [];
  private walkedAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<KeyRange[]> | null = null;

  constructor(
    private readonly keyAfter: KeyAfter,
    private readonly size: number,
    private readonly rewalkAfterMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current ranges, in key order; none when there are no keys. */
  ranges(): Promise<KeyRange[]> {
    // One walk at a time: concurrent requests share it instead of racing to extend `sealed`.
    this.pending ??= this.walk().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async walk(): Promise<KeyRange[]> {
    if (this.now() - this.walkedAt > this.rewalkAfterMs) {
      this.sealed = [];
      this.walkedAt = this.now();
    }
    let last = this.sealed.at(-1) ?? null;
    for (;;) {
      const next = await this.keyAfter(last, this.size);
      if (next === undefined) break;
      this.sealed.push(next);
      last = next;
    }
    const ranges: KeyRange[] = [];
    let after: string | null = null;
    for (const until of this.sealed) {
      ranges.push({ after, until });
      after = until;
    }
    // The open tail holds fewer than `size` keys; list it only when it holds any.
    if ((await this.keyAfter(after, 1)) !== undefined) ranges.push({ after, until: null });
    return ranges;
  }
}
