import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { FEED_MEDIA_TYPES, type FeedFormat } from '../../../contracts/feeds';
import { isUuid } from '../../../contracts/ids';
import { isPostSlug } from '../../../contracts/post-settings';
import { profilePreview } from '../../../contracts/preview';
import type { Post } from '../../../contracts/posts';
import { isSlugShaped, type PublicationDetails } from '../../../contracts/publications';
import { profilePagePath } from '../../../contracts/site';
import { HttpError } from '../../lib/http-errors';
import type { MarkdownRenderer } from '../posts/markdown/markdown-renderer';
import { writeFeed } from '../feeds/feed-document';
import { pageQuerySchema, toTimePageRequest } from '../posts/paging';
import { POST_HEADING_BASE, type PostsService } from '../posts/posts-service';
import type { PublicationsService } from '../publications/publications-service';
import type { PublicationPagesService } from '../publication-pages/publication-pages-service';
import { isPageSlug, sitePagePath } from '../../../contracts/publication-pages';
import { writtenPage } from './site-written-pages';
import type { HomeLook } from './site-home-layouts';
import { servePublicFile } from '../../lib/public-files';
import { writeUrlSet, type SitemapUrl } from '../sitemap/sitemap-xml';
import { siteContentPolicy, siteContextOf } from './site-context';
import { siteStylesheet } from './site-css';
import { seriesMain, siteSeriesPath } from './site-series';
import type { SeriesService } from '../series/series-service';
import type { UsersService } from '../users/users-service';
import {
  aboutPage,
  homePage,
  layout,
  notFoundPage,
  postPage,
  sitePostPath,
  unknownSitePage,
  type SiteContext,
} from './site-pages';

const SITE_PAGE_SIZE = 20;
/** A sitemap of one publication lists its newest posts up to this many (one file, no index). */
const SITEMAP_POSTS_MAX = 5000;
const FEED_ITEMS = 20;

const slugParams = z.object({ slug: z.string().max(200) });
const postParams = slugParams.extend({ id: z.string().max(300) });
const pageParams = slugParams.extend({ page: z.string().max(300) });
const HTML = 'text/html; charset=utf-8';

/**
 * Publications' own sites (issue 11 §2–§3), at /pub/SLUG on the main site and at the root of their
 * sub-domains and custom domains (site-hosts.ts rewrites those here). Server-rendered pages with
 * no script, feeds, a sitemap and robots.txt. Not in the API reference: these are pages.
 */
export function registerSiteRoutes(
  app: FastifyInstance,
  deps: {
    publications: PublicationsService;
    posts: PostsService;
    pages: PublicationPagesService;
    /** The home's layout and cover (decision 83). */
    look: (publicationId: string) => Promise<HomeLook>;
    markdown: MarkdownRenderer;
    publicUrl: string;
    /** A blog's series (decision 0078) and a writer's links (decision 0068). */
    series: Pick<SeriesService, 'listPublic' | 'read'>;
    users: Pick<UsersService, 'profile'>;
  },
): void {
  const { publications, posts, pages, look, markdown, publicUrl, series, users } = deps;
  const hide = { schema: { hide: true } };
  // Pictures come from the main site, which in development is another origin (http://localhost…).
  const policyFor = (site: SiteContext | undefined) => siteContentPolicy(publicUrl, site);

  async function siteOf(slug: string): Promise<SiteContext | undefined> {
    // Anything that cannot be an address (a NUL, a dot from a.b.BASE_DOMAIN) names nothing.
    if (!isSlugShaped(slug.toLowerCase())) return undefined;
    const row = await publications.findBySlug(slug.toLowerCase());
    if (!row) return undefined;
    const published = await pages.publishedList(row.id);
    return siteContextOf(publications, publicUrl, row, new Set(published.map((page) => page.slug)));
  }

  function sendHtml(reply: FastifyReply, status: number, html: string, site?: SiteContext) {
    return reply
      .code(status)
      .header('content-type', HTML)
      .header('content-security-policy', policyFor(site))
      .send(html);
  }

  async function withSite(
    slug: string,
    reply: FastifyReply,
    render: (site: SiteContext) => Promise<FastifyReply | string>,
  ) {
    const site = await siteOf(slug);
    if (!site) return sendHtml(reply, 404, unknownSitePage(publicUrl));
    return render(site);
  }

  const publicationRef = (publication: PublicationDetails) => ({
    id: publication.id,
    personalUserId: publication.personal ? publication.id : null,
  });

  app.get('/pub/:slug', hide, async (request, reply) => {
    const { slug } = slugParams.parse(request.params);
    return withSite(slug, reply, async (site) => {
      const query = pageQuerySchema.safeParse(request.query);
      const cursor = query.success ? query.data.cursor : undefined;
      // A page address that names no page (a mangled cursor) is a page that does not exist.
      const pageRequest = query.success ? pageRequestOf(cursor) : undefined;
      if (!pageRequest) return sendHtml(reply, 404, notFoundPage(site), site);
      const page = await posts.listByPublication(
        publicationRef(site.publication),
        { ...pageRequest, limit: SITE_PAGE_SIZE },
        null,
      );
      // A writer's pinned post leads their own blog's first page, as it leads their profile (decision 68).
      const pinned =
        site.publication.personal && !cursor ? await posts.pinnedPost(site.publication.id) : undefined;
      const olderUrl = page.nextCursor
        ? `${site.publication.url}/?cursor=${encodeURIComponent(page.nextCursor)}`
        : null;
      const paged = cursor !== undefined && cursor !== '';
      // The first page lists the blog's series; a writer's own blog shows their links, rel="me".
      const seriesList = paged ? [] : await series.listPublic({ publication: site.publication.slug });
      const links =
        site.publication.personal && !paged
          ? (await orNotFound(users.profile(site.publication.id, null)))?.links
          : undefined;
      const html = homePage(site, {
        posts: page.response.map((post) => ({ post, summary: summaryOf(post) })),
        pinned: pinned && { post: pinned, summary: summaryOf(pinned) },
        olderUrl,
        paged,
        series: seriesList,
        ...(links ? { links } : {}),
        look: await look(site.publication.id),
      });
      return sendHtml(reply, 200, html, site);
    });
  });

  // A series of this blog on its own site (decision 0078): the parts readers can see, in order.
  app.get('/pub/:slug/series/:id', hide, async (request, reply) => {
    const { slug, id } = postParams.parse(request.params);
    return withSite(slug, reply, async (site) => {
      const found = isUuid(id) ? await orNotFound(series.read(id)) : undefined;
      const { publication } = site;
      const ofThisBlog =
        found !== undefined &&
        (publication.personal
          ? found.owner.publication === null && found.owner.id === publication.id
          : found.owner.publication?.id === publication.id);
      if (!found || !ofThisBlog) return sendHtml(reply, 404, notFoundPage(site), site);
      const html = layout(
        site,
        {
          title: `${found.title} · ${publication.name}`,
          description: found.description || `A series of ${publication.name}`,
          canonical: `${publication.url}${siteSeriesPath(found.id)}`,
        },
        seriesMain(publication.url, found),
      );
      return sendHtml(reply, 200, html, site);
    });
  });

  app.get('/pub/:slug/about', hide, async (request, reply) => {
    const { slug } = slugParams.parse(request.params);
    return withSite(slug, reply, async (site) => {
      const members = await publications.memberAddresses(site.publication.id);
      const urls = new Map(
        [...members].map(([username, person]) => [username, `${publicUrl}${profilePagePath(person)}`]),
      );
      return sendHtml(reply, 200, aboutPage(site, urls), site);
    });
  });

  // A post by its slug (decision 79), or by its id (links made before slugs keep working; the
  // page's canonical link names the slug); an address it had before answers 301 to its slug.
  app.get('/pub/:slug/posts/:id', hide, async (request, reply) => {
    const { slug, id: ref } = postParams.parse(request.params);
    return withSite(slug, reply, async (site) => {
      const found = await postAt(site, ref);
      const post = found && (await readablePost(found.postId));
      // Another publication's post is not found here: each site shows its own posts only.
      if (!found || !post || post.publication?.slug !== site.publication.slug)
        return sendHtml(reply, 404, notFoundPage(site), site);
      if (found.kind === 'former' && post.slug !== null) {
        return reply
          .code(301)
          .header('location', `${site.publication.url}${sitePostPath(post)}`)
          .send();
      }
      // An embed is a card leading to the provider: a site runs no script of ours (decision 81).
      const html = markdown.render(post.content, POST_HEADING_BASE, publicUrl, 'card').html;
      return sendHtml(reply, 200, postPage(site, post, html, summaryOf(post)), site);
    });
  });

  // A page the owner or an editor wrote (decision 83), under /p/ so that no address a page takes
  // can ever shadow the site's own (/about, /posts/…, /rss.xml…). A draft is not found.
  app.get('/pub/:slug/p/:page', hide, async (request, reply) => {
    const { slug, page: ref } = pageParams.parse(request.params);
    return withSite(slug, reply, async (site) => {
      const pageSlug = ref.toLowerCase();
      const page = isPageSlug(pageSlug) ? await pages.published(site.publication.id, pageSlug) : undefined;
      if (!page) return sendHtml(reply, 404, notFoundPage(site), site);
      const html = markdown.render(page.body, POST_HEADING_BASE, publicUrl, 'card').html;
      return sendHtml(reply, 200, writtenPage(site, page, html), site);
    });
  });

  /** What a post address on a site names: an id, the slug a post has now, or one it had. */
  async function postAt(site: SiteContext, ref: string) {
    if (isUuid(ref)) return { kind: 'id' as const, postId: ref };
    const slug = ref.toLowerCase();
    return isPostSlug(slug) ? posts.findBySiteSlug(site.publication.id, slug) : undefined;
  }

  async function readablePost(id: string): Promise<Post | undefined> {
    try {
      return await posts.get(id, null);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  app.get('/pub/:slug/site.css', hide, async (request, reply) => {
    const { slug } = slugParams.parse(request.params);
    const site = await siteOf(slug);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    // The address carries the colour's version (?v=), so a day's caching never shows an old one.
    // Its pages at another address (the main site's /pub/SLUG, or the sub-domain once a custom
    // domain is verified) load it from the publication's own origin.
    return servePublicFile(reply)
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(siteStylesheet(site.publication.accentColor));
  });

  for (const format of ['rss', 'atom'] as const satisfies readonly FeedFormat[]) {
    app.get(`/pub/:slug/${format}.xml`, hide, async (request, reply) => {
      const { slug } = slugParams.parse(request.params);
      const site = await siteOf(slug);
      if (!site) return sendHtml(reply, 404, unknownSitePage(publicUrl));
      const page = await posts.listByPublication(
        publicationRef(site.publication),
        { ...toTimePageRequest({}), limit: FEED_ITEMS },
        null,
      );
      const { publication } = site;
      const newest = page.response.reduce(
        (at, post) => (post.updatedAt > at ? post.updatedAt : at),
        publication.createdAt,
      );
      const body = writeFeed(
        format,
        {
          title: publication.name,
          description: publication.description || `The newest posts of ${publication.name}`,
          pageUrl: `${publication.url}/`,
          feedUrls: { rss: `${publication.url}/rss.xml`, atom: `${publication.url}/atom.xml` },
          iconUrl: `${publicUrl}/icon-192.png`,
          updated: new Date(newest),
        },
        page.response.map((post) => ({
          guid: `urn:uuid:${post.id}`,
          url: `${publication.url}${sitePostPath(post)}`,
          title: post.title,
          summary: summaryOf(post),
          html: markdown.render(post.content, 1, publicUrl).html,
          published: new Date(post.publishedAt ?? post.createdAt),
          updated: new Date(post.updatedAt),
          authors: post.authors.map((author) => ({
            name: author.username,
            url: `${publicUrl}${profilePagePath(author)}`,
          })),
        })),
      );
      return reply.type(`${FEED_MEDIA_TYPES[format]}; charset=utf-8`).send(body);
    });
  }

  app.get('/pub/:slug/sitemap.xml', hide, async (request, reply) => {
    const { slug } = slugParams.parse(request.params);
    const site = await siteOf(slug);
    if (!site) return sendHtml(reply, 404, unknownSitePage(publicUrl));
    const { publication } = site;
    const urls: SitemapUrl[] = [{ loc: `${publication.url}/` }, { loc: `${publication.url}/about` }];
    // Its published pages (decision 83): in this sitemap only, never in the main site's.
    for (const page of await pages.publishedList(publication.id)) {
      urls.push({ loc: `${publication.url}${sitePagePath(page.slug)}`, lastmod: page.updated_at });
    }
    let cursor: string | undefined;
    do {
      const page = await posts.listByPublication(
        publicationRef(publication),
        { ...toTimePageRequest(cursor === undefined ? {} : { cursor }), limit: 100 },
        null,
      );
      for (const post of page.response) {
        urls.push({ loc: `${publication.url}${sitePostPath(post)}`, lastmod: post.updatedAt });
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && urls.length < SITEMAP_POSTS_MAX);
    return reply.type('application/xml; charset=utf-8').send(writeUrlSet(urls));
  });

  app.get('/pub/:slug/robots.txt', hide, async (request, reply) => {
    const { slug } = slugParams.parse(request.params);
    const site = await siteOf(slug);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${site.publication.url}/sitemap.xml\n`);
  });

  // Anything else under a publication: its own not-found page (a publication's host never falls
  // through to the main site's pages or API).
  app.get('/pub/:slug/*', hide, async (request, reply) => {
    const { slug } = slugParams.parse(request.params);
    return withSite(slug, reply, async (site) => sendHtml(reply, 404, notFoundPage(site), site));
  });
}

/** What a read answers, or undefined for its 404 (a suspended writer's profile, a deleted series). */
async function orNotFound<T>(pending: Promise<T>): Promise<T | undefined> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
}

function pageRequestOf(cursor: string | undefined) {
  try {
    return toTimePageRequest(cursor === undefined ? {} : { cursor });
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

function summaryOf(post: Post): string {
  return profilePreview(post.content);
}
