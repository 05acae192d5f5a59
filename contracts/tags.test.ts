import { describe, expect, it } from 'vitest';
import {
  TAG_EMPTY_MESSAGE,
  TAG_TEXT_MESSAGE,
  TOO_MANY_TAGS_MESSAGE,
  normalizeTag,
  normalizeTags,
  parseTagName,
  tagsSchema,
} from './tags';

describe('normalizeTag', () => {
  it.each([
    ['Machine Learning', 'machine-learning'],
    ['  machine   learning  ', 'machine-learning'],
    ['machine_learning', 'machine-learning'],
    ['--Rust--', 'rust'],
    ['C++', 'c++'],
    ['C#', 'c#'],
    ['C', 'c'],
    ['#hashtag', 'hashtag'],
    ['a + b', 'a-b'],
    ['node.js', 'node-js'],
    ['Web 3.0', 'web-3-0'],
    ['ÜNÏCODE Café', 'ünïcode-café'],
    ['日本語', '日本語'],
    ['Москва', 'москва'],
    ['हिन्दी', 'हिन्दी'],
    ['ＲＵＳＴ', 'rust'],
    ['🙂 happy 🙂', 'happy'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeTag(raw)).toBe(expected);
  });
});

describe('parseTagName', () => {
  it('accepts 30 characters and refuses 31 with the tag in the message', () => {
    expect(parseTagName('a'.repeat(30))).toEqual({ ok: true, tag: 'a'.repeat(30) });
    const result = parseTagName('b'.repeat(31));
    expect(result).toEqual({
      ok: false,
      message: `Tags must be at most 30 characters ("${'b'.repeat(30)}…" has 31)`,
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(parseTagName('𝒜'.repeat(30)).ok).toBe(true);
  });

  it('refuses what has no letter or digit', () => {
    expect(parseTagName(' - ')).toEqual({ ok: false, message: TAG_EMPTY_MESSAGE });
  });
});

describe('normalizeTags', () => {
  it('normalizes, de-duplicates and keeps the writer’s order', () => {
    expect(normalizeTags(['Rust', 'web dev', 'rust', 'WEB-DEV', 'Databases'])).toEqual({
      ok: true,
      tags: ['rust', 'web-dev', 'databases'],
    });
  });

  it('allows 5 tags, and 6 entries when duplicates bring them to 5', () => {
    expect(normalizeTags(['a', 'b', 'c', 'd', 'e']).ok).toBe(true);
    expect(normalizeTags(['a', 'b', 'c', 'd', 'e', 'A'])).toEqual({
      ok: true,
      tags: ['a', 'b', 'c', 'd', 'e'],
    });
  });

  it('refuses 6 distinct tags, non-strings and empty tags', () => {
    expect(normalizeTags(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({
      ok: false,
      message: TOO_MANY_TAGS_MESSAGE,
    });
    expect(normalizeTags(['a', 3])).toEqual({ ok: false, message: TAG_TEXT_MESSAGE });
    expect(normalizeTags([''])).toEqual({ ok: false, message: TAG_EMPTY_MESSAGE });
  });
});

describe('tagsSchema', () => {
  it('answers the normalized list, or the rule’s message', () => {
    expect(tagsSchema.parse(['Hello World'])).toEqual(['hello-world']);
    const notAList = tagsSchema.safeParse('rust');
    expect(notAList.success).toBe(false);
    expect(notAList.error?.issues[0]?.message).toBe('Tags must be a list of words');
    const tooMany = tagsSchema.safeParse(['1', '2', '3', '4', '5', '6']);
    expect(tooMany.error?.issues[0]?.message).toBe('A post can have at most 5 tags');
  });
});
