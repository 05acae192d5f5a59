import { describe, expect, it } from 'vitest';
import { personReading, placeOf } from './event-facts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('event facts', () => {
  it('tells a person from a bot by user agent, the second time from what it remembered', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(personReading(CHROME)).toEqual({ device: 'desktop', browser: 'Chrome' });
      expect(personReading(CRAWLER)).toBeUndefined();
      expect(personReading(undefined)).toBeUndefined();
      expect(personReading('')).toBeUndefined();
    }
  });

  it("reads a page's site and its reader's source from one reading of its address", () => {
    const site = { host: 'inkwell.example', isOwnHost: (host: string) => host === 'inkwell.example' };
    expect(placeOf('https://Blog.Example/p?utm_source=Mastodon', 'https://news.example/', site)).toEqual({
      site: 'blog.example',
      source: 'mastodon',
    });
    expect(placeOf(undefined, 'https://www.news.example/today', site)).toEqual({
      site: 'inkwell.example',
      source: 'news.example',
    });
    expect(placeOf('https://inkwell.example/readblog?id=1', 'https://inkwell.example/', site)).toEqual({
      site: 'inkwell.example',
      source: 'Inkwell',
    });
  });
});
