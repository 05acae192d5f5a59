import escapeHtml from 'escape-html';
import { formatPostDate } from '../../../contracts/dates';
import type { Post } from '../../../contracts/posts';
import { sitePostPath } from '../../../contracts/publication-url';
import type { PublicationDetails } from '../../../contracts/publications';
import { NEWSLETTER_PAGE_PATHS } from '../../../contracts/newsletters';
import { SITE_NAME, postPagePath, profilePagePath } from '../../../contracts/site';
import type { StatsPageKind } from '../../../contracts/stats-event';
import { navLinksHtml, type SiteChrome } from './site-chrome';
import { linksList, seriesSection } from './site-series';
import { cardsHtml, siteCover, type HomeLook } from './site-home-layouts';
import { siteStatsScript } from './site-stats-script';
import type { ProfileLinks } from '../../../contracts/profile';
import type { SeriesSummary } from '../../../contracts/series';

/**
 * A publication's site: small server-rendered pages that need no script, at its own
 * address. Every value is escaped here; post bodies arrive as the sanitized HTML the read page
 * shows. Links are absolute, made from the publication's address (`site.url`) and PUBLIC_URL.
 */

export interface SiteContext {
  publication: PublicationDetails;
  /** The main site, for profiles, discussion and sign-in. */
  publicUrl: string;
  /** The stylesheet's address (its accent colour in the query, so a change is a new address). */
  stylesheetUrl: string;
  /** The owner's header links and footer (decision 83); absent: the defaults. */
  chrome?: SiteChrome;
}

// The web app's canonical link for a post on a custom domain uses the same path.
export { sitePostPath };

export interface Head {
  title: string;
  description: string;
  canonical: string;
  extra?: string;
  /** The page whose view (and, for a post, read) its one small script reports. */
  counted?: { kind: StatsPageKind; id: string; readingMinutes?: number };
}

/** Every page of a publication's site: its header, its stylesheet, its footer. */
export function layout(site: SiteContext, head: Head, main: string): string {
  const { publication, publicUrl } = site;
  const feeds = `${publication.url}/rss.xml`;
  // Decorative beside the name, which says the same.
  const logo = publication.logoUrl
    ? `<img class="pub-logo" src="${escapeHtml(`${publicUrl}${publication.logoUrl}`)}" alt="" height="32">`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(head.title)}</title>
<meta name="description" content="${escapeHtml(head.description)}">
<link rel="canonical" href="${escapeHtml(head.canonical)}">
<link rel="stylesheet" href="${escapeHtml(site.stylesheetUrl)}">
<link rel="icon" href="${escapeHtml(`${publicUrl}/icon-192.png`)}">
<link rel="alternate" type="application/rss+xml" title="${escapeHtml(publication.name)}" href="${escapeHtml(feeds)}">
<link rel="alternate" type="application/atom+xml" title="${escapeHtml(publication.name)}" href="${escapeHtml(`${publication.url}/atom.xml`)}">
<meta property="og:site_name" content="${escapeHtml(publication.name)}">
<meta property="og:title" content="${escapeHtml(head.title)}">
<meta property="og:description" content="${escapeHtml(head.description)}">
<meta property="og:url" content="${escapeHtml(head.canonical)}">
${head.extra ?? ''}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="pub-header">
<div class="wrap">
<a class="pub-name" href="${escapeHtml(publication.url)}/">${logo}${escapeHtml(publication.name)}</a>
<nav aria-label="${escapeHtml(publication.name)}">
${navLinksHtml(site.chrome, publication.url, feeds)}
</nav>
</div>
</header>
<main id="main" class="wrap">
${main}
</main>
<footer class="pub-footer">
<div class="wrap">
${site.chrome?.footerHtml ? `<p class="pub-footer-text">${site.chrome.footerHtml}</p>` : ''}
<p>${escapeHtml(publication.name)} is published with <a href="${escapeHtml(publicUrl)}/">${SITE_NAME}</a>.
<a href="${escapeHtml(feeds)}">RSS</a> · <a href="${escapeHtml(`${publication.url}/atom.xml`)}">Atom</a></p>
</div>
</footer>
${head.counted ? siteStatsScript(publicUrl, head.counted) : ''}
</body>
</html>
`;
}

/** What the subscribe form shows again after a refused request: the address, and why by the field. */
export interface SubscribeFormState {
  email?: string;
  error?: string;
}

/**
 * The newsletter's subscribe form: a plain form POST to the main site (which answers with a page),
 * so it works without script on every host the site is served at.
 */
export function subscribeForm(site: SiteContext, state: SubscribeFormState = {}): string {
  const { publication, publicUrl } = site;
  const error = state.error
    ? `<p id="subscribe-email-error" class="field-error">${escapeHtml(state.error)}</p>`
    : '';
  const invalid = state.error ? ' aria-invalid="true" aria-describedby="subscribe-email-error"' : '';
  return `<section class="subscribe" aria-labelledby="subscribe-title">
<h2 id="subscribe-title">Get new posts from ${escapeHtml(publication.name)} by email</h2>
<form method="post" action="${escapeHtml(`${publicUrl}${NEWSLETTER_PAGE_PATHS.subscribe}`)}">
<input type="hidden" name="publication" value="${escapeHtml(publication.id)}">
<label for="subscribe-email">Email address</label>
${error}<div class="row"><input id="subscribe-email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(state.email ?? '')}"${invalid}>
<button type="submit">Subscribe</button></div>
</form>
<p>No account needed. You confirm by email, and every email has a one-click unsubscribe.</p>
</section>`;
}

/** Every author (decision 85), each a link to their profile: "Ada", "Ada and Bo", "Ada, Bo and Cy". */
export function byline(site: SiteContext, post: Post): string {
  const date = post.publishedAt ?? post.createdAt;
  const links = post.authors.map(
    (person) =>
      `<a href="${escapeHtml(`${site.publicUrl}${profilePagePath(person)}`)}">${escapeHtml(person.username)}</a>`,
  );
  const author =
    links.length <= 1 ? (links[0] ?? '') : `${links.slice(0, -1).join(', ')} and ${links.at(-1)}`;
  return `<p class="byline">${face(site, post)}${author} · <time datetime="${escapeHtml(date)}">${escapeHtml(formatPostDate(date, 'UTC'))}</time> · ${post.readingMinutes} min read</p>`;
}

/** The author's uploaded picture, decorative beside their name (decision 0073); nothing without one. */
function face(site: SiteContext, post: Post): string {
  const picture = post.author.picture;
  if (!picture) return '';
  const src = escapeHtml(`${site.publicUrl}${picture.url}`);
  const srcset = escapeHtml(absoluteSrcset(site.publicUrl, picture.srcset));
  return `<img class="face" src="${src}" srcset="${srcset}" sizes="28px" alt="" width="28" height="28" loading="lazy">`;
}

export function absoluteSrcset(publicUrl: string, srcset: string): string {
  return srcset
    .split(', ')
    .map((entry) => `${publicUrl}${entry}`)
    .join(', ');
}

export interface HomePage {
  posts: { post: Post; summary: string }[];
  /** The writer's pinned post, shown above the list on their own blog's first page (it keeps its place too). */
  pinned?: { post: Post; summary: string } | undefined;
  /** The address of the next (older) page, if any. */
  olderUrl: string | null;
  /** Whether this is a later page (not the home page itself). */
  paged: boolean;
  /** The blog's series with a part readers can see (decision 0078), on the first page. */
  series?: SeriesSummary[];
  /** A writer's own blog: their links, each rel="me" (decision 0068). */
  links?: ProfileLinks;
  /** The owner's layout and cover (decision 83); absent: the list, no cover. */
  look?: HomeLook;
}

export function homePage(site: SiteContext, page: HomePage): string {
  const { publication } = site;
  const entry = ({
    post,
    summary,
  }: {
    post: Post;
    summary: string;
  }) => `<h2><a href="${escapeHtml(`${publication.url}${sitePostPath(post)}`)}">${escapeHtml(post.title)}</a></h2>
${byline(site, post)}
<p class="summary">${escapeHtml(summary)}</p>`;
  const items = page.posts.map((item) => `<li class="entry">\n${entry(item)}\n</li>`).join('\n');
  const pinned = page.pinned
    ? `<section class="entry pinned" aria-labelledby="pinned-label"><p class="pin" id="pinned-label">Pinned</p>\n${entry(page.pinned)}\n</section>`
    : '';
  const intro = page.paged
    ? ''
    : `<h1>${escapeHtml(publication.name)}</h1>${publication.description ? `<p class="lede">${escapeHtml(publication.description)}</p>` : ''}${linksList(page.links)}`;
  const layoutName = page.look?.layout ?? 'list';
  const list =
    page.posts.length === 0
      ? `<p class="empty">Nothing published here yet.</p>`
      : layoutName === 'list'
        ? `<ol class="entries">${items}</ol>`
        : cardsHtml(site, page.posts, layoutName, page.paged);
  const cover = page.paged ? '' : siteCover(site, page.look?.cover ?? null);
  const older = page.olderUrl
    ? `<p class="more"><a rel="next" href="${escapeHtml(page.olderUrl)}">Older posts</a></p>`
    : '';
  const description = publication.description || `Posts from ${publication.name} on ${SITE_NAME}`;
  return layout(
    site,
    {
      title: page.paged ? `Older posts · ${publication.name}` : publication.name,
      description,
      canonical: `${publication.url}/`,
      counted: { kind: 'publication', id: publication.id },
    },
    `${cover}${intro}${page.paged ? '<h1>Older posts</h1>' : subscribeForm(site)}${pinned}${list}${older}${page.paged ? '' : seriesSection(publication.url, page.series ?? [])}`,
  );
}

export function postPage(site: SiteContext, post: Post, contentHtml: string, summary: string): string {
  const { publication, publicUrl } = site;
  // A post first published elsewhere names that address (decision 79).
  const canonical = post.canonicalUrl ?? `${publication.url}${sitePostPath(post)}`;
  const cover = post.cover
    ? `<img class="cover" src="${escapeHtml(`${publicUrl}${post.cover.url}`)}" srcset="${escapeHtml(absoluteSrcset(publicUrl, post.cover.srcset))}" sizes="(min-width: 46rem) 44rem, 100vw" width="${post.cover.width}" height="${post.cover.height}" alt="">`
    : '';
  // Each topic by the name its first writer typed (C++, not its address c++).
  const tags = post.tagLabels.length
    ? `<ul class="tags" aria-label="Topics">${post.tagLabels.map((label) => `<li>${escapeHtml(label)}</li>`).join('')}</ul>`
    : '';
  const shared = post.socialImage ?? post.cover;
  const ogImage = shared
    ? `<meta property="og:image" content="${escapeHtml(`${publicUrl}${shared.url}`)}">`
    : '';
  return layout(
    site,
    {
      title: `${post.metaTitle ?? post.title} · ${publication.name}`,
      description: post.metaDescription ?? summary,
      canonical,
      extra: `<meta property="og:type" content="article">${ogImage}`,
      counted: { kind: 'post', id: post.id, readingMinutes: post.readingMinutes },
    },
    `<article>
<h1>${escapeHtml(post.title)}</h1>
${byline(site, post)}
${cover}
<div class="content">${contentHtml}</div>
${tags}
</article>
${subscribeForm(site)}
<p class="discuss"><a href="${escapeHtml(`${publicUrl}${postPagePath(post.id)}`)}">Discuss this post on ${SITE_NAME}</a> (${post.commentCount} ${post.commentCount === 1 ? 'comment' : 'comments'})</p>`,
  );
}

export function aboutPage(site: SiteContext, memberUrls: Map<string, string>): string {
  const { publication } = site;
  const roleNames = { owner: 'Owner', editor: 'Editor', writer: 'Writer' } as const;
  const members = publication.members
    .map((member) => {
      const url = memberUrls.get(member.username);
      const name = url
        ? `<a href="${escapeHtml(url)}">${escapeHtml(member.username)}</a>`
        : escapeHtml(member.username);
      return `<li>${name} <span class="role">${roleNames[member.role]}</span></li>`;
    })
    .join('');
  return layout(
    site,
    {
      title: `About · ${publication.name}`,
      description: publication.description || `About ${publication.name}`,
      canonical: `${publication.url}/about`,
    },
    `<h1>About ${escapeHtml(publication.name)}</h1>
${publication.description ? `<p class="lede">${escapeHtml(publication.description)}</p>` : ''}
<h2>${publication.personal ? 'Written by' : 'Members'}</h2>
<ul class="members">${members}</ul>`,
  );
}

/** For a post that is not in this publication, or a page that does not exist. */
export function notFoundPage(site: SiteContext): string {
  return layout(
    site,
    {
      title: `Not found · ${site.publication.name}`,
      description: 'This page does not exist.',
      canonical: `${site.publication.url}/`,
    },
    `<h1>Not found</h1><p>There is nothing at this address. <a href="${escapeHtml(site.publication.url)}/">See the latest posts</a>.</p>`,
  );
}

/** For a host or address that names no publication at all: no publication's name to show. */
export function unknownSitePage(publicUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Not found · ${SITE_NAME}</title><meta name="robots" content="noindex"></head>
<body><main><h1>Not found</h1><p>No publication lives at this address. <a href="${escapeHtml(publicUrl)}/">Go to ${SITE_NAME}</a>.</p></main></body>
</html>
`;
}
