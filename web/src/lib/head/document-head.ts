import { FEED_MEDIA_TYPES, feedPath, type FeedFormat, type FeedScope } from '../../../../contracts/feeds';
import { ACTIVITY_STREAMS_MEDIA_TYPE } from '../../../../contracts/federation';
import type { SiteInfo } from '../../../../contracts/page-rendering';

/** What a page says about itself in <head>. Every field is optional. */
export interface PageMeta {
  /** The page's own title (as link previews show it); the site's name is added in the tab. */
  title?: string;
  /** The tab's title when it should say more than `title`, e.g. a post's title and author. */
  documentTitle?: string;
  /** For search results and link previews; the site's own description when absent. */
  description?: string;
  /** The page's canonical address as a path with its query, e.g. '/readblog?id=…'. */
  canonicalPath?: string;
  /** An absolute canonical address on another host (a post on its publication's own domain). */
  canonicalUrl?: string;
  /** Pages that only make sense to their own reader (forms, private pages, errors) stay out of search. */
  noindex?: boolean;
  type?: 'website' | 'article' | 'profile';
  /** An absolute picture address for link previews. */
  image?: string | null;
  article?: {
    publishedTime: string;
    modifiedTime: string;
    authorName: string;
    /** The author's profile, as a path. */
    authorPath: string;
  };
  /** Feeds that belong to this page besides the site's own, e.g. an author's. */
  feeds?: { title: string; scope: FeedScope }[];
  /** The page's ActivityStreams document (an actor or an Article), as a path: the social web's link. */
  activityPath?: string;
  /** Structured data (schema.org), written as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  /** Files the page needs early, e.g. the text face of a post body. */
  preloadFonts?: string[];
}

export interface HeadElement {
  tag: 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  /** A script's JSON, unescaped (each writer escapes it for where it goes). */
  json?: unknown;
}

/** The whole page-specific head: the server writes it into the HTML, the browser keeps it current. */
export interface DocumentHead {
  title: string;
  elements: HeadElement[];
}

export const SITE_DESCRIPTION = 'Inkwell: a quiet place to read, write and deepen your understanding.';
const FEED_FORMATS: FeedFormat[] = ['rss', 'atom'];

export function documentTitle(site: SiteInfo, title?: string): string {
  return title ? `${title} · ${site.name}` : site.name;
}

export function absoluteUrl(site: SiteInfo, path: string): string {
  return `${site.publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

function meta(key: 'name' | 'property', name: string, content: string | undefined): HeadElement[] {
  return content ? [{ tag: 'meta', attributes: { [key]: name, content } }] : [];
}

function feedLinks(site: SiteInfo, title: string, scope: FeedScope): HeadElement[] {
  return FEED_FORMATS.map((format) => ({
    tag: 'link',
    attributes: {
      rel: 'alternate',
      type: FEED_MEDIA_TYPES[format],
      title: `${title} (${format === 'rss' ? 'RSS' : 'Atom'})`,
      href: absoluteUrl(site, feedPath(format, scope)),
    },
  }));
}

/**
 * The head of a page: its title, description, canonical link, Open Graph and Twitter card, its
 * feeds and its structured data. Values stay raw here; serialize-head.ts escapes them for HTML.
 */
export function buildDocumentHead(page: PageMeta, site: SiteInfo): DocumentHead {
  const title = documentTitle(site, page.documentTitle ?? page.title);
  const description = page.description || SITE_DESCRIPTION;
  const url = page.canonicalUrl ?? (page.canonicalPath ? absoluteUrl(site, page.canonicalPath) : undefined);
  const elements: HeadElement[] = [
    ...meta('name', 'description', description),
    ...(page.noindex ? meta('name', 'robots', 'noindex') : []),
    ...(url ? [{ tag: 'link' as const, attributes: { rel: 'canonical', href: url } }] : []),
    ...meta('property', 'og:site_name', site.name),
    ...meta('property', 'og:type', page.type ?? 'website'),
    ...meta('property', 'og:title', page.title || site.name),
    ...meta('property', 'og:description', description),
    ...meta('property', 'og:url', url),
    ...meta('property', 'og:image', page.image ?? undefined),
    ...(page.article
      ? [
          ...meta('property', 'article:published_time', page.article.publishedTime),
          ...meta('property', 'article:modified_time', page.article.modifiedTime),
          ...meta('property', 'article:author', absoluteUrl(site, page.article.authorPath)),
        ]
      : []),
    ...meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    ...meta('name', 'twitter:title', page.title || site.name),
    ...meta('name', 'twitter:description', description),
    ...feedLinks(site, site.name, {}),
    ...(page.feeds ?? []).flatMap((feed) => feedLinks(site, feed.title, feed.scope)),
    ...(page.activityPath
      ? [
          {
            tag: 'link' as const,
            attributes: {
              rel: 'alternate',
              type: ACTIVITY_STREAMS_MEDIA_TYPE,
              href: absoluteUrl(site, page.activityPath),
            },
          },
        ]
      : []),
    ...(page.preloadFonts ?? []).map((href): HeadElement => ({
      tag: 'link',
      attributes: { rel: 'preload', href, as: 'font', type: 'font/woff2', crossorigin: '' },
    })),
    ...(page.jsonLd
      ? [{ tag: 'script' as const, attributes: { type: 'application/ld+json' }, json: page.jsonLd }]
      : []),
  ];
  return { title, elements };
}
