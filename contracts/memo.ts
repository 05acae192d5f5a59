/**
 * Remembers the most recent results of a pure function, least recently used out first, under a
 * short key that stands for its input. For what is derived from a post (its previews and its
 * description, keyed by id and version) or a date: the server renders the same ones over and over.
 */
export function memoizeRecent<I, T>(
  compute: (input: I) => T,
  keyOf: (input: I) => string,
  maxEntries: number,
): (input: I) => T {
  const recent = new Map<string, T>();
  return (input) => {
    const key = keyOf(input);
    const known = recent.get(key);
    if (known !== undefined) {
      recent.delete(key);
      recent.set(key, known);
      return known;
    }
    const value = compute(input);
    if (recent.size >= maxEntries) {
      const oldest = recent.keys().next().value;
      if (oldest !== undefined) recent.delete(oldest);
    }
    recent.set(key, value);
    return value;
  };
}
