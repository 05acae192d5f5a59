import { describe, expect, it } from 'vitest';
import { isApex, pointingRecords } from './domain-pointing';

describe('pointingRecords', () => {
  it('points a name under a registered domain at the target with a CNAME', () => {
    expect(pointingRecords('blog.example.com', 'inkwell.example')).toEqual([
      { type: 'CNAME', name: 'blog.example.com', value: 'inkwell.example' },
    ]);
    expect(pointingRecords('news.example.co.uk', 'inkwell.example')).toEqual([
      { type: 'CNAME', name: 'news.example.co.uk', value: 'inkwell.example' },
    ]);
  });

  it('gives an apex A and AAAA records without inventing their address', () => {
    for (const apex of ['example.com', 'example.co.uk']) {
      expect(pointingRecords(apex, 'inkwell.example')).toEqual([
        { type: 'A', name: apex, value: null },
        { type: 'AAAA', name: apex, value: null },
      ]);
    }
  });

  it('names the address when the configuration is one (PUBLIC_URL at an IP address)', () => {
    expect(pointingRecords('example.com', '203.0.113.7')).toEqual([
      { type: 'A', name: 'example.com', value: '203.0.113.7' },
    ]);
    expect(pointingRecords('blog.example.com', '[2001:db8::7]')).toEqual([
      { type: 'AAAA', name: 'blog.example.com', value: '2001:db8::7' },
    ]);
  });
});

describe('isApex', () => {
  it('reads the Public Suffix List, not the number of labels', () => {
    expect(isApex('example.com')).toBe(true);
    expect(isApex('example.co.uk')).toBe(true);
    expect(isApex('blog.example.com')).toBe(false);
    expect(isApex('blog.example.co.uk')).toBe(false);
  });
});
