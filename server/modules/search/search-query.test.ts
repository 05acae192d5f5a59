import { describe, expect, it } from 'vitest';
import { toFts5Match } from './fts5-match';
import { parseSearchQuery, wantedWords } from './search-query';

const match = (raw: string) => toFts5Match(parseSearchQuery(raw));

describe('parseSearchQuery and toFts5Match', () => {
  it('requires every word', () => {
    expect(match('garden winter')).toBe('(("garden" AND "winter"))');
  });

  it('keeps quoted phrases together, even unclosed', () => {
    expect(match('"cold frame" garden')).toBe('(("cold frame" AND "garden"))');
    expect(match('garden "cold frame')).toBe('(("garden" AND "cold frame"))');
  });

  it('excludes with a leading minus, and reads `or` as alternatives', () => {
    expect(match('garden -winter -"cold frame"')).toBe('(("garden") NOT ("winter" OR "cold frame"))');
    expect(match('garden or allotment Winter')).toBe('(("garden")) OR (("allotment" AND "Winter"))');
  });

  it('drops alternatives with nothing to find', () => {
    expect(parseSearchQuery('-winter').alternatives).toEqual([]);
    expect(parseSearchQuery('or or').alternatives).toEqual([]);
    expect(match('garden or -winter')).toBe('(("garden"))');
  });

  it.each([
    ['NEAR(a b)', '(("NEAR" AND "a" AND "b"))'],
    ['title:garden*', '(("title garden"))'],
    ['a AND b', '(("a" AND "AND" AND "b"))'],
    ['^start', '(("start"))'],
    ['node.js', '(("node js"))'],
    ['"""', ''],
    ['🙂🙂', ''],
    ['***', ''],
    ['a\u0000b', '(("a" AND "b"))'],
  ])('never passes engine syntax through: %j', (raw, expected) => {
    expect(match(raw)).toBe(expected);
  });

  it('bounds the number of terms', () => {
    const query = parseSearchQuery(Array.from({ length: 100 }, (_, index) => `w${index}`).join(' '));
    expect(wantedWords(query)).toHaveLength(16);
  });
});
