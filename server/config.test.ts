import { describe, expect, it } from 'vitest';
import { parsePublicUrl } from './config';

describe('parsePublicUrl', () => {
  it('defaults to localhost on the configured port', () => {
    expect(parsePublicUrl(undefined, 3000)).toBe('http://localhost:3000');
    expect(parsePublicUrl('', 8080)).toBe('http://localhost:8080');
  });
  it('keeps an origin and a path, without the trailing slash', () => {
    expect(parsePublicUrl('https://blog.example.com/', 3000)).toBe('https://blog.example.com');
    expect(parsePublicUrl('https://example.com/blog/', 3000)).toBe('https://example.com/blog');
  });
  it.each(['blog.example.com', 'ftp://example.com', 'https://example.com/?a=1', 'https://u:p@example.com'])(
    'refuses %s',
    (raw) => {
      expect(() => parsePublicUrl(raw, 3000)).toThrow(/PUBLIC_URL/);
    },
  );
});
