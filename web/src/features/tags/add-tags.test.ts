import { describe, expect, it } from 'vitest';
import { addTags } from './add-tags';

describe('adding typed tags', () => {
  it('normalizes like the server and keeps the writer’s order', () => {
    expect(addTags(['go'], ['Machine Learning', '  Ünïcode Café '])).toEqual({
      tags: ['go', 'machine-learning', 'ünïcode-café'],
      added: ['machine-learning', 'ünïcode-café'],
      problem: null,
      kept: [],
    });
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
