import { describe, expect, it } from 'vitest';
import { addTags } from './add-tags';

describe('adding typed tags', () => {
  it('keeps each tag as typed (trimmed) and the writer’s order', () => {
    expect(addTags(['go'], ['Machine  Learning', '  Ünïcode Café '])).toEqual({
      tags: ['go', 'Machine Learning', 'Ünïcode Café'],
      added: ['Machine Learning', 'Ünïcode Café'],
      problem: null,
      kept: [],
    });
  });

  it('compares by address: C++ and c++ are one topic, C another; an existing topic keeps its name', () => {
    expect(addTags(['C++'], ['c++'])).toMatchObject({
      tags: ['C++'],
      problem: '“C++” is already a topic of this post',
    });
    expect(addTags(['C++'], ['C']).tags).toEqual(['C++', 'C']);
    expect(addTags([], ['typescript'], new Map([['typescript', 'TypeScript']])).tags).toEqual(['TypeScript']);
  });

  it('skips blanks and says why a duplicate, an empty or a too long tag is refused', () => {
    expect(addTags(['go'], ['', 'GO'])).toMatchObject({
      tags: ['go'],
      problem: '“go” is already a topic of this post',
    });
    expect(addTags([], ['!!!'])).toMatchObject({
      tags: [],
      problem: 'A tag needs at least one letter or digit',
      kept: ['!!!'],
    });
    expect(addTags([], ['x'.repeat(31)]).problem).toMatch(/^Tags must be at most 30 characters/);
  });

  it('stops at five', () => {
    const result = addTags(['a', 'b', 'c', 'd'], ['e', 'f']);
    expect(result.tags).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(result.problem).toBe('A post can have at most 5 tags');
  });
});
