import escapeHtml from 'escape-html';
import { Feed, type Item } from 'feed';
import type { FeedFormat } from '../../../contracts/feeds';

export interface FeedChannel {
  title: string;
  description: string;
  /** The page the feed belongs to (absolute). */
  pageUrl: string;
  /** Absolute addresses of the feed in each format, for rel="self" and the other format. */
  feedUrls: Record<FeedFormat, string>;
  iconUrl: string;
  /** When the newest change the feed shows happened. */
  updated: Date;
  /** The feed's author, for one author's feed. */
  author?: { name: string; url: string };
  /**
   * The feed's own picture (RSS's channel <image>, Atom's <logo>): one author's feed shows their
   * uploaded picture (decision 0073). Neither format has a picture per author of an item.
   */
  imageUrl?: string;
}

export interface FeedEntry {
  /** Never changes, whatever is edited: a feed reader's key for "already read". */
  guid: string;
  url: string;
  /** Plain text as the author typed it. */
  title: string;
  /** Plain text. */
  summary: string;
  /** Sanitized HTML. */
  html: string;
  published: Date;
  updated: Date;
  /** Every author in byline order (decision 85): one Atom <author>, or RSS <dc:creator>, each. */
  authors: { name: string; url: string }[];
}

/**
 * One feed as RSS 2.0 or Atom 1.0 XML, written by the `feed` package (which escapes text and
 * CDATA). Both formats declare their titles and summaries as HTML (Atom's type="html"; RSS readers
 * treat them so by convention), so the text is HTML-escaped once before it goes in: a title such
 * as `<script>…` reads as those characters in every reader and never as markup.
 */
export function writeFeed(format: FeedFormat, channel: FeedChannel, entries: FeedEntry[]): string {
  const feed = new Feed({
    id: channel.feedUrls.atom,
    title: channel.title,
    description: channel.description,
    link: channel.pageUrl,
    language: 'en',
    favicon: channel.iconUrl,
    updated: channel.updated,
    generator: 'Inkwell',
    feedLinks: { rss: channel.feedUrls.rss, atom: channel.feedUrls.atom },
    ...(channel.author ? { author: { name: channel.author.name, link: channel.author.url } } : {}),
    ...(channel.imageUrl ? { image: channel.imageUrl } : {}),
  });
  for (const entry of entries) feed.addItem(toItem(format, entry));
  return format === 'rss' ? feed.rss2() : feed.atom1();
}

function toItem(format: FeedFormat, entry: FeedEntry): Item {
  const item: Item = {
    id: entry.guid,
    link: entry.url,
    title: escapeHtml(entry.title),
    description: escapeHtml(entry.summary),
    content: entry.html,
    // Atom: <updated> and <published>. RSS has only <pubDate>, which is the publication date.
    date: entry.updated,
    published: entry.published,
  };
  if (format === 'atom') {
    item.author = entry.authors.map((author) => ({ name: author.name, link: author.url }));
  } else {
    // RSS's own <author> must be an email address, which we never publish; dc:creator is the
    // name (the Dublin Core namespace is declared by the library whenever items carry content),
    // repeated for each author as Dublin Core allows.
    const names = entry.authors.map((author) => ({ _text: author.name }));
    const [only] = names;
    item.extensions = [
      // An array of elements is written as one element each (the library's xml-js does so).
      {
        name: 'dc:creator',
        objects: names.length === 1 && only ? only : (names as unknown as Record<string, unknown>),
      },
    ];
  }
  return item;
}
