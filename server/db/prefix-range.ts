/**
 * The smallest string greater than every string that starts with `prefix`, in code-point order
 * (SQLite's BINARY collation, PostgreSQL's "C"): `value >= prefix and value < prefixEnd(prefix)`
 * is "starts with", answered as a range of an index. Lone surrogates are skipped, so the bound
 * stays valid UTF-8.
 */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop();
  if (last === undefined) throw new Error('prefixEnd of an empty prefix');
  let next = (last.codePointAt(0) ?? 0) + 1;
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
  return chars.join('') + String.fromCodePoint(next);
}
