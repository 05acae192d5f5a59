import { formatPostDate } from '../../../contracts/dates';
import { escapeHtmlAttribute as attr, escapeHtmlText as text } from '../../../contracts/html-escape';
import type { Post } from '../../../contracts/posts';
import { sitePostPath } from '../../../contracts/publication-url';
import type { PublicationDetails } from '../../../contracts/publications';
import { SITE_NAME, postPagePath, profilePagePath } from '../../../contracts/site';

/**
 * A publication's site (issue 11 §2): small server-rendered pages that need no script, at its own
 * address. Every value is escaped here; post bodies arrive as the sanitized HTML the read page
 * shows. Links are absolute, made from the publication's address (`site.url`) and PUBLIC_URL.
 */

export interface SiteContext {
  publication: PublicationDetails;
  /** The main site, for profiles, discussion and sign-in. */
  publicUrl: string;
  /** The stylesheet's address (its accent colour in the query, so a change is a new address). */
  stylesheetUrl: string;
}

// The web app's canonical link for a post on a custom domain uses the same path.
export { sitePostPath };

interface Head {
  title: string;
  description: string;
  canonical: string;
  extra?: string;
}

function layout(site: SiteContext, head: Head, main: string): string {
  const { publication, publicUrl } = site;
  const feeds = `${publication.url}/rss.xml`;
  // Decorative beside the name, which says the same.
  const logo = publication.logoUrl
    ? `<img class="pub-logo" src="${attr(`${publicUrl}${publication.logoUrl}`)}" alt="" height="32">`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${text(head.title)}</title>
<meta name="description" content="${attr(head.description)}">
<link rel="canonical" href="${attr(head.canonical)}">
<link rel="stylesheet" href="${attr(site.stylesheetUrl)}">
<link rel="icon" href="${attr(`${publicUrl}/icon-192.png`)}">
<link rel="alternate" type="application/rss+xml" title="${attr(publication.name)}" href="${attr(feeds)}">
<link rel="alternate" type="application/atom+xml" title="${attr(publication.name)}" href="${attr(`${publication.url}/atom.xml`)}">
<meta property="og:site_name" content="${attr(publication.name)}">
<meta property="og:title" content="${attr(head.title)}">
<meta property="og:description" content="${attr(head.description)}">
<meta property="og:url" content="${attr(head.canonical)}">
${head.extra ?? ''}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="pub-header">
<div class="wrap">
<a class="pub-name" href="${attr(publication.url)}/">${logo}${text(publication.name)}</a>
<nav aria-label="${attr(publication.name)}">
<a href="${attr(publication.url)}/">Posts</a>
<a href="${attr(publication.url)}/about">About</a>
<a href="${attr(feeds)}">RSS</a>
</nav>
</div>
</header>
<main id="main" class="wrap">
${main}
</main>
<footer class="pub-footer">
<div class="wrap">
<p>${text(publication.name)} is published with <a href="${attr(publicUrl)}/">${SITE_NAME}</a>.
<a href="${attr(feeds)}">RSS</a> · <a href="${attr(`${publication.url}/atom.xml`)}">Atom</a></p>
</div>
</footer>
</body>
</html>
`;
}

function byline(site: SiteContext, post: Post): string {
  const date = post.publishedAt ?? post.createdAt;
  const author = `<a href="${attr(`${site.publicUrl}${profilePagePath(post.author.id)}`)}">${text(post.author.username)}</a>`;
  return `<p class="byline">${author} · <time datetime="${attr(date)}">${text(formatPostDate(date, 'UTC'))}</time> · ${post.readingMinutes} min read</p>`;
}

function absoluteSrcset(publicUrl: string, srcset: string): string {
  return srcset
    .split(', ')
    .map((entry) => `${publicUrl}${entry}`)
    .join(', ');
}

export interface HomePage {
  posts: { post: Post; summary: string }[];
  /** The address of the next (older) page, if any. */
  olderUrl: string | null;
  /** Whether this is a later page (not the home page itself). */
  paged: boolean;
}

export function homePage(site: SiteContext, page: HomePage): string {
  const { publication } = site;
  const items = page.posts
    .map(
      ({ post, summary }) => `<li class="entry">
<h2><a href="${attr(`${publication.url}${sitePostPath(post.id)}`)}">${text(post.title)}</a></h2>
${byline(site, post)}
<p class="summary">${text(summary)}</p>
</li>`,
    )
    .join('\n');
  const intro = page.paged
    ? ''
    : `<h1>${text(publication.name)}</h1>${publication.description ? `<p class="lede">${text(publication.description)}</p>` : ''}`;
  const list =
    page.posts.length > 0
      ? `<ol class="entries">${items}</ol>`
      : `<p class="empty">Nothing published here yet.</p>`;
  const older = page.olderUrl
    ? `<p class="more"><a rel="next" href="${attr(page.olderUrl)}">Older posts</a></p>`
    : '';
  const description = publication.description || `Posts from ${publication.name} on ${SITE_NAME}`;
  return layout(
    site,
    {
      title: page.paged ? `Older posts · ${publication.name}` : publication.name,
      description,
      canonical: `${publication.url}/`,
    },
    `${intro}${page.paged ? '<h1>Older posts</h1>' : ''}${list}${older}`,
  );
}

export function postPage(site: SiteContext, post: Post, contentHtml: string, summary: string): string {
  const { publication, publicUrl } = site;
  const canonical = `${publication.url}${sitePostPath(post.id)}`;
  const cover = post.cover
    ? `<img class="cover" src="${attr(`${publicUrl}${post.cover.url}`)}" srcset="${attr(absoluteSrcset(publicUrl, post.cover.srcset))}" sizes="(min-width: 46rem) 44rem, 100vw" width="${post.cover.width}" height="${post.cover.height}" alt="">`
    : '';
  const tags = post.tags.length
    ? `<ul class="tags" aria-label="Topics">${post.tags.map((tag) => `<li>${text(tag)}</li>`).join('')}</ul>`
    : '';
  const ogImage = post.cover
    ? `<meta property="og:image" content="${attr(`${publicUrl}${post.cover.url}`)}">`
    : '';
  return layout(
    site,
    {
      title: `${post.title} · ${publication.name}`,
      description: summary,
      canonical,
      extra: `<meta property="og:type" content="article">${ogImage}`,
    },
    `<article>
<h1>${text(post.title)}</h1>
${byline(site, post)}
${cover}
<div class="content">${contentHtml}</div>
${tags}
</article>
<p class="discuss"><a href="${attr(`${publicUrl}${postPagePath(post.id)}`)}">Discuss this post on ${SITE_NAME}</a> (${post.commentCount} ${post.commentCount === 1 ? 'comment' : 'comments'})</p>`,
  );
}

export function aboutPage(site: SiteContext, memberUrls: Map<string, string>): string {
  const { publication } = site;
  const roleNames = { owner: 'Owner', editor: 'Editor', writer: 'Writer' } as const;
  const members = publication.members
    .map((member) => {
      const url = memberUrls.get(member.username);
      const name = url ? `<a href="${attr(url)}">${text(member.username)}</a>` : text(member.username);
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
    `<h1>About ${text(publication.name)}</h1>
${publication.description ? `<p class="lede">${text(publication.description)}</p>` : ''}
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
    `<h1>Not found</h1><p>There is nothing at this address. <a href="${attr(site.publication.url)}/">See the latest posts</a>.</p>`,
  );
}

/** For a host or address that names no publication at all: no publication's name to show. */
export function unknownSitePage(publicUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Not found · ${SITE_NAME}</title><meta name="robots" content="noindex"></head>
<body><main><h1>Not found</h1><p>No publication lives at this address. <a href="${attr(publicUrl)}/">Go to ${SITE_NAME}</a>.</p></main></body>
</html>
`;
}
