import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

/** Elements that may repeat, read as arrays even when there is only one. */
const LISTS = new Set(['item', 'entry', 'url', 'sitemap', 'author', 'atom:link']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Text stays text: "2.0" must not become 2, nor an id a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Atom's <link> repeats (alternate, self); RSS's <link> is one address.
  isArray: (name, path) => LISTS.has(name) || (name === 'link' && String(path).startsWith('feed.')),
});

/** Well-formed XML (the test fails otherwise), as a plain object tree. */
export function parseXml(text: string): Record<string, unknown> {
  const valid = XMLValidator.validate(text);
  expect(valid, JSON.stringify(valid)).toBe(true);
  return parser.parse(text) as Record<string, unknown>;
}

/** Reads a path through the tree, failing the test if any step is missing. */
export function at<T = unknown>(tree: unknown, ...path: (string | number)[]): T {
  let node: unknown = tree;
  for (const step of path) {
    expect(node, `missing ${path.join('.')} at ${String(step)}`).toBeTypeOf('object');
    node = (node as Record<string | number, unknown>)[step];
    expect(node, `missing ${path.join('.')} at ${String(step)}`).not.toBeUndefined();
  }
  return node as T;
}

/** The text of an element that may carry attributes. */
export function text(node: unknown): string {
  if (typeof node === 'string') return node;
  const value = (node as { '#text'?: unknown })['#text'];
  expect(value, JSON.stringify(node)).toBeTypeOf('string');
  return value as string;
}
