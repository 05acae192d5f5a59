import { describe, expect, it } from 'vitest';
import { KeysetRanges, type KeyAfter } from './keyset-ranges';

/** Keys k000, k001, … in a sorted list, with a count of the hops asked of it. */
function keySpace(count: number) {
  const keys = Array.from({ length: count }, (_, index) => `k${String(index).padStart(3, '0')}`);
  const calls: (string | null)[] = [];
  const keyAfter: KeyAfter = async (after, n) => {
    calls.push(after);
    const following = keys.filter((key) => after === null || key > after);
    return following[n - 1];
  };
  return { keys, calls, keyAfter };
}

function sizes(keys: string[], ranges: { after: string | null; until: string | null }[]): number[] {
  return ranges.map(
    (range) =>
      keys.filter(
        (key) => (range.after === null || key > range.after) && (range.until === null || key <= range.until),
      ).length,
  );
}

describe('KeysetRanges', () => {
  it('has no range for no keys, and one open range for fewer than a range holds', async () => {
    expect(await new KeysetRanges(keySpace(0).keyAfter, 10, 1000).ranges()).toEqual([]);
    expect(await new KeysetRanges(keySpace(7).keyAfter, 10, 1000).ranges()).toEqual([
      { after: null, until: null },
    ]);
  });

  it('cuts the keys into full ranges and an open tail, with no empty tail on an exact multiple', async () => {
    const space = keySpace(25);
    const ranges = await new KeysetRanges(space.keyAfter, 10, 1000).ranges();
    expect(ranges).toEqual([
      { after: null, until: 'k009' },
      { after: 'k009', until: 'k019' },
      { after: 'k019', until: null },
    ]);
    expect(sizes(space.keys, ranges)).toEqual([10, 10, 5]);
    const exact = keySpace(20);
    expect(sizes(exact.keys, await new KeysetRanges(exact.keyAfter, 10, 1000).ranges())).toEqual([10, 10]);
  });

  it('keeps sealed boundaries and walks only the tail, until it is time to walk afresh', async () => {
    const space = keySpace(25);
    let now = 0;
    const ranges = new KeysetRanges(space.keyAfter, 10, 1000, () => now);
    const first = await ranges.ranges();
    space.calls.length = 0;
    // Deletions inside a sealed range and new keys at the end:
    space.keys.splice(3, 2);
    space.keys.push('k900', 'k901', 'k902', 'k903', 'k904', 'k905');
    const second = await ranges.ranges();
    expect(second.slice(0, 2)).toEqual(first.slice(0, 2));
    expect(space.calls.every((after) => after !== null && after >= 'k019')).toBe(true);
    expect(sizes(space.keys, second)).toEqual([8, 10, 10, 1]);

    now = 1001;
    const rewalked = await ranges.ranges();
    expect(sizes(space.keys, rewalked)).toEqual([10, 10, 9]);
  });

  it('lets concurrent requests share one walk', async () => {
    const space = keySpace(35);
    const ranges = new KeysetRanges(space.keyAfter, 10, 1000);
    const [a, b] = await Promise.all([ranges.ranges(), ranges.ranges()]);
    expect(a).toBe(b);
    expect(space.calls).toHaveLength(5);
  });
});
