import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX_CHARS, listPreview, metaDescription, profilePreview } from './preview';
import { markdownToPlainText } from './plain-text';
import { formatPostDate } from './dates';
import { isUsableToken } from './session';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

describe('listPreview (specification §9)', () => {
  it('shows content of 50 words or fewer in full', () => {
    expect(listPreview(words(50))).toBe(words(50));
  });
  it('cuts content over 50 words to its first 15 words plus ...', () => {
    expect(listPreview(words(51))).toBe(`${words(15)}...`);
  });
  it('never ends in four dots when the 15th word already ends in a full stop or an ellipsis', () => {
    const after = (fifteenth: string) => `${words(14)} ${fifteenth} ${words(40)}`;
    expect(listPreview(after('end.'))).toBe(`${words(14)} end...`);
    expect(listPreview(after('end...'))).toBe(`${words(14)} end...`);
    expect(listPreview(after('end…'))).toBe(`${words(14)} end…`);
    expect(listPreview(after('e.g.'))).toBe(`${words(14)} e.g...`);
    // Any other ending keeps the spec's rule: the word as written, then '...'.
    expect(listPreview(after('end!'))).toBe(`${words(14)} end!...`);
    expect(listPreview(after('end,'))).toBe(`${words(14)} end,...`);
  });
  it('counts the words a reader sees, not the markup', () => {
    expect(listPreview('# Title\n\n**bold** [link](http://x.test)')).toBe('Title\n\nbold link');
  });
});

describe('profilePreview (specification §9 and difference 9 from it)', () => {
  it('keeps text of 200 characters without a suffix', () => {
    const text = 'a'.repeat(200);
    expect(profilePreview(text)).toBe(text);
  });
  it('cuts to 200 characters and appends " ..." only when cut', () => {
    expect(profilePreview('b'.repeat(201))).toBe(`${'b'.repeat(200)} ...`);
  });
  it('never splits an emoji', () => {
    const text = '😀'.repeat(201);
    expect(profilePreview(text)).toBe(`${'😀'.repeat(200)} ...`);
  });
});

describe('markdownToPlainText', () => {
  it('drops a link address that holds parentheses', () => {
    expect(markdownToPlainText('[bad one](javascript:alert(1)) and [wiki](https://x.test/a_(b))')).toBe(
      'bad one and wiki',
    );
  });

  it('drops markup and keeps words', () => {
    expect(markdownToPlainText('> quote\n- item\n1. first\n`code` ~~gone~~ ![alt](a.png) <b>x</b>')).toBe(
      'quote\nitem\nfirst\ncode gone alt x',
    );
  });
});

describe('formatPostDate', () => {
  it('formats like Jun 27, 2024', () => {
    expect(formatPostDate('2024-06-27T12:00:00.000Z', 'UTC')).toBe('Jun 27, 2024');
  });
  it('returns an empty string for an invalid date', () => {
    expect(formatPostDate('nope')).toBe('');
  });
});

describe('isUsableToken (specification §2)', () => {
  it('accepts a token of 10 characters or more', () => {
    expect(isUsableToken('0123456789')).toBe(true);
  });
  it.each([null, undefined, '', 'undefined', '123456789'])('rejects %s', (token) => {
    expect(isUsableToken(token)).toBe(false);
  });
});

describe('metaDescription', () => {
  it('is the plain text on one line when it is short', () => {
    expect(metaDescription('# Hello\n\nSome **bold**\nwords.')).toBe('Hello Some bold words.');
  });

  it('cuts a long text at a word boundary within 160 characters and says so', () => {
    const description = metaDescription(words(60));
    expect(Array.from(description).length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
    expect(description.endsWith('…')).toBe(true);
    expect(words(60).startsWith(description.slice(0, -1))).toBe(true);
    expect(description.slice(0, -1)).not.toMatch(/\s$/);
  });
});
