/**
 * Stands in for the `fast-equals` package in the browser build (vite.config.ts, `resolve.alias`):
 * Tiptap's React bindings import its `circularDeepEqual` for one thing, comparing what an
 * `useEditorState` selector returned with what it returned before, to skip a render when nothing
 * changed. Our selectors return plain data (booleans, numbers, strings, null, plain objects and
 * arrays of them), which this compares in a few hundred bytes instead of the package's 2 KB on the
 * writing page's first load. Anything else (a Map, a Date, a class instance) is equal only to
 * itself: at worst one render too many, never a stale one.
 */
export function circularDeepEqual(a: unknown, b: unknown): boolean {
  return equal(a, b, []);
}

function equal(a: unknown, b: unknown, seen: [object, object][]): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN is equal to NaN, as in fast-equals.
    return a !== a && b !== b;
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  // A structure that refers back to itself: a pair already being compared is equal so far.
  if (seen.some(([left, right]) => left === a && right === b)) return true;
  const proto = Object.getPrototypeOf(a) as unknown;
  const within: [object, object][] = [...seen, [a, b]];
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => equal(item, other[index], within));
  }
  if (proto !== Object.prototype && proto !== null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && equal(left[key], right[key], within))
  );
}
