import { describe, expect, it } from 'vitest';
import { isUuid } from '../../contracts/ids';
import { uuidv7 } from './ids';

describe('uuidv7', () => {
  it('is a version 7 UUID', () => {
    const id = uuidv7();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
  });
  it('sorts by creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => uuidv7(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('keeps sorting past 4,096 ids in one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => uuidv7(1_700_000_000_001));
    expect([...ids].sort()).toEqual(ids);
  });
  it('carries exactly the time it is given, even one earlier than the last id', () => {
    uuidv7(1_700_000_000_500);
    const earlier = uuidv7(1_700_000_000_000);
    expect(Number.parseInt(earlier.replace('-', '').slice(0, 12), 16)).toBe(1_700_000_000_000);
  });
  it('sorts by timestamp across milliseconds', () => {
    expect(uuidv7(2_000) > uuidv7(1_000)).toBe(true);
  });
});
