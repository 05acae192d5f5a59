import { describe, expect, it } from 'vitest';
import { findWebAddresses, isSafeHref, webAddressInLastWord, wholeWebAddress } from './web-addresses';

const hrefs = (text: string) => findWebAddresses(text).map((address) => address.href);

describe('web addresses in a writer’s text', () => {
  it('finds http, https and www. addresses, and reads www. as https', () => {
    expect(hrefs('see https://example.com/a?b=1#c and http://old.example.org or www.example.net')).toEqual([
      'https://example.com/a?b=1#c',
      'http://old.example.org',
      'https://www.example.net',
    ]);
  });

  it('leaves bare names, schemes other than http, hosts without a dot and words that merely contain www. alone', () => {
    expect(hrefs('example.com ftp://example.com https:// https://intranet foowww.example.com')).toEqual([]);
    expect(hrefs('http://localhost:3000/x')).toEqual(['http://localhost:3000/x']);
  });

  it('keeps the punctuation that ends a sentence, and a bracket the address did not open, outside the link', () => {
    expect(findWebAddresses('Go to https://example.com/page.').map((address) => address.text)).toEqual([
      'https://example.com/page',
    ]);
    expect(findWebAddresses('(at https://example.com/a), then').map((address) => address.text)).toEqual([
      'https://example.com/a',
    ]);
    expect(
      findWebAddresses('see https://en.wikipedia.org/wiki/Ink_(disambiguation)!').map(
        (address) => address.text,
      ),
    ).toEqual(['https://en.wikipedia.org/wiki/Ink_(disambiguation)']);
  });

  it('knows the address the writer just finished typing, and an address pasted alone', () => {
    expect(webAddressInLastWord('read www.example.com.')?.index).toBe(5);
    expect(webAddressInLastWord('www.example.com is good')).toBeNull();
    expect(wholeWebAddress(' https://example.com/x ')?.href).toBe('https://example.com/x');
    expect(wholeWebAddress('https://example.com/x and more')).toBeNull();
  });

  it('keeps links to http, https, mailto and relative addresses only', () => {
    for (const href of [
      'https://a.example',
      'http://a.example',
      'mailto:a@example.com',
      '/readblog?id=1',
      '#top',
    ])
      expect(isSafeHref(href), href).toBe(true);
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
    ])
      expect(isSafeHref(href), href).toBe(false);
  });
});
