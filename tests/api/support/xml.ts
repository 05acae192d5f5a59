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

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeEntities = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');

export interface UrlSetEntry {
  loc: string;
  lastmod: string | undefined;
}

/**
 * A sitemap <urlset>: well-formed XML (the test fails otherwise) in the sitemaps.org namespace,
 * every <url> holding a <loc> and an optional <lastmod>. Read without building a tree of 50,000
 * nodes, which takes fast-xml-parser seconds; the count of <url> tags guards the pattern.
 */
export function parseUrlSet(text: string): UrlSetEntry[] {
  const valid = XMLValidator.validate(text);
  expect(valid, JSON.stringify(valid)).toBe(true);
  expect(text).toMatch(
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
  );
  const entries = [
    ...text.matchAll(/<url>\s*<loc>([^<]*)<\/loc>\s*(?:<lastmod>([^<]*)<\/lastmod>\s*)?<\/url>/g),
  ].map((match) => ({
    loc: decodeEntities(match[1] ?? ''),
    lastmod: match[2] === undefined ? undefined : decodeEntities(match[2]),
  }));
  expect(entries.length).toBe(text.split('<url>').length - 1);
  return entries;
}
