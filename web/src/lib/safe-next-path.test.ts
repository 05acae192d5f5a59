import { describe, expect, it } from 'vitest';
import { safeNextPath, withNext } from './safe-next-path';

describe('safeNextPath', () => {
  it.each(['/allblog', '/updateblog?id=42', '/profile?userId=u1&x=1#top'])('follows %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    null,
    '',
    'allblog',
    'https://evil.test/',
    '//evil.test',
    '/\\evil.test',
    '/\t/evil.test',
    'javascript:alert(1)',
  ])('refuses %s', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});

describe('withNext', () => {
  it('adds an encoded next parameter', () => {
    expect(withNext('/signin', '/updateblog?id=42')).toBe('/signin?next=%2Fupdateblog%3Fid%3D42');
  });

  it('drops an unsafe next', () => {
    expect(withNext('/signin', '//evil.test')).toBe('/signin');
  });
});
