import escapeHtml from 'escape-html';
import { sitePagePath } from '../../../contracts/publication-pages';
import type { NavLink } from '../../../contracts/publication-site';
import { tagPagePath } from '../../../contracts/site';
import { siteSeriesPath } from './site-series';

/**
 * What the owner put around every page of their site (decision 83): the header's links and the
 * footer's text, made into HTML here once per page. Every value is escaped; links are absolute.
 */
export interface SiteChrome {
  /** The owner's links in order, each with its absolute address; empty: the default (About). */
  nav: { label: string; href: string }[];
  /** The footer's text as HTML ('' for none): escaped, with only strong, em, a and br made. */
  footerHtml: string;
}

/**
 * The owner's links as addresses: a page on the site (only a published one: a draft's link would
 * be a 404), a series' page on the site, a topic on the main site (the site has no topic pages),
 * or an address elsewhere as given.
 */
export function siteChromeOf(
  nav: NavLink[],
  footer: string,
  addresses: { siteUrl: string; publicUrl: string; publishedPages: ReadonlySet<string> | undefined },
): SiteChrome {
  const links = nav.flatMap((link) => {
    switch (link.kind) {
      case 'page':
        return addresses.publishedPages?.has(link.target)
          ? [{ label: link.label, href: `${addresses.siteUrl}${sitePagePath(link.target)}` }]
          : [];
      case 'topic':
        return [{ label: link.label, href: `${addresses.publicUrl}${tagPagePath(link.target)}` }];
      case 'series':
        // The series' page on the site itself (decision 78), so a reader stays on the site.
        return [{ label: link.label, href: `${addresses.siteUrl}${siteSeriesPath(link.target)}` }];
      case 'url':
        return [{ label: link.label, href: link.target }];
    }
  });
  return { nav: links, footerHtml: footerHtml(footer) };
}

const LINK = /\[([^\]\n]{1,200})\]\((https:\/\/[^\s()<>"']+|mailto:[^\s()<>"']+)\)/g;

/**
 * The footer's small Markdown: **bold**, *italic*, [text](https://… or mailto:…) and line breaks;
 * anything else is text. Escaped first, so nothing the owner types can become another element or
 * attribute; a link's address is only ever https or mailto (no javascript:, no data:).
 */
export function footerHtml(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(inline(text.slice(at, match.index)));
    parts.push(`<a href="${escapeHtml(match[2] ?? '')}">${inline(match[1] ?? '')}</a>`);
    at = match.index + match[0].length;
  }
  parts.push(inline(text.slice(at)));
  return parts.join('');
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*\n]+)\*/g, '<em>$1</em>')
    .replace(/\r?\n/g, '<br>');
}

/** The header's links: Posts, the owner's (or About), RSS. */
export function navLinksHtml(chrome: SiteChrome | undefined, siteUrl: string, feedUrl: string): string {
  const own =
    chrome && chrome.nav.length > 0
      ? chrome.nav.map((link) => `<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`)
      : [`<a href="${escapeHtml(siteUrl)}/about">About</a>`];
  return [
    `<a href="${escapeHtml(siteUrl)}/">Posts</a>`,
    ...own,
    `<a href="${escapeHtml(feedUrl)}">RSS</a>`,
  ].join('\n');
}
