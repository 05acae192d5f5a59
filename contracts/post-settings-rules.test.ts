import { describe, expect, it } from 'vitest';
import { postSettingsFields, type PostSettingField } from './post-settings';
import { readPostSetting } from './post-settings-rules';

const TYPED = [
  '',
  '   ',
  'my-first-post',
  '  My-First-Post  ',
  'my--post',
  '-leading',
  'ünïcode',
  'a'.repeat(100),
  'a'.repeat(101),
  'x'.repeat(200),
  'x'.repeat(201),
  'y'.repeat(300),
  'y'.repeat(301),
  'https://example.com/post',
  ' http://example.com/a?b=c ',
  'ftp://example.com/file',
  'https://user:pass@example.com/',
  'javascript:alert(1)',
  'https://exa mple.com',
  `https://example.com/${'p'.repeat(2000)}`,
];

/** The panel reads settings without Zod; the routes parse them with it. Both must say the same. */
describe('a post setting read by the panel and parsed by the routes', () => {
  for (const field of ['slug', 'metaTitle', 'metaDescription', 'canonicalUrl'] as PostSettingField[]) {
    it(`agrees on ${field}`, () => {
      for (const typed of TYPED) {
        const parsed = postSettingsFields[field].safeParse(typed);
        const read = readPostSetting(field, typed);
        const expected = parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]?.message };
        expect(read, JSON.stringify(typed.slice(0, 40))).toEqual(expected);
      }
    });
  }
});
