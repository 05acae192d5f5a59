import { describe, expect, it } from 'vitest';
import { memoizeRecent } from './memo';

describe('memoizeRecent', () => {
  it('computes a key once while it stays among the most recent', () => {
    const calls: string[] = [];
    const upper = memoizeRecent(
      (input: { id: string; text: string }) => {
        calls.push(input.id);
        return input.text.toUpperCase();
      },
      (input) => input.id,
      2,
    );
    expect(upper({ id: 'a', text: 'x' })).toBe('X');
    expect(upper({ id: 'a', text: 'x' })).toBe('X');
    upper({ id: 'b', text: 'y' });
    upper({ id: 'a', text: 'x' }); // a is now the most recent
    upper({ id: 'c', text: 'z' }); // b goes
    upper({ id: 'a', text: 'x' });
    upper({ id: 'b', text: 'y' });
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });
});
