import escapeHtml from 'escape-html';
import type { Post, PostCover } from '../../../contracts/posts';
import type { HomeLayout } from '../../../contracts/publication-site';
import { absoluteSrcset, byline, sitePostPath, type SiteContext } from './site-pages';

/**
 * A site home's look (decision 83): its cover picture and the grid and magazine layouts (the list
 * is site-pages.ts's own). Every picture carries its width and height, and the stylesheet gives each
 * frame its aspect ratio, so nothing moves as pictures arrive.
 */

export interface HomeLook {
  layout: HomeLayout;
  cover: PostCover | null;
}

/** The site's cover across the top of its home; decorative (the name under it says what it is). */
export function siteCover(site: SiteContext, cover: PostCover | null): string {
  if (!cover) return '';
  const { publicUrl } = site;
  return `<img class="site-cover" src="${escapeHtml(`${publicUrl}${cover.url}`)}" srcset="${escapeHtml(absoluteSrcset(publicUrl, cover.srcset))}" sizes="(min-width: 46rem) 44rem, 100vw" width="${cover.width}" height="${cover.height}" alt="" fetchpriority="high">`;
}

type Item = { post: Post; summary: string };

/** The grid's cards, or for the magazine a lead post first (on the first page only), then cards. */
export function cardsHtml(
  site: SiteContext,
  items: Item[],
  layout: 'grid' | 'magazine',
  paged: boolean,
): string {
  const [lead, ...rest] = items;
  if (layout === 'magazine' && !paged && lead) {
    return `<article class="lead">${picture(site, lead.post, '(min-width: 46rem) 44rem, 100vw', 'eager')}
<h2><a href="${escapeHtml(`${site.publication.url}${sitePostPath(lead.post)}`)}">${escapeHtml(lead.post.title)}</a></h2>
${byline(site, lead.post)}
<p class="summary">${escapeHtml(lead.summary)}</p>
</article>${rest.length > 0 ? grid(site, rest) : ''}`;
  }
  return grid(site, items);
}

function grid(site: SiteContext, items: Item[]): string {
  const cards = items
    .map(
      ({
        post,
        summary,
      }) => `<li class="card">${picture(site, post, '(min-width: 46rem) 21rem, 100vw', 'lazy')}
<h2><a href="${escapeHtml(`${site.publication.url}${sitePostPath(post)}`)}">${escapeHtml(post.title)}</a></h2>
${byline(site, post)}
<p class="summary">${escapeHtml(summary)}</p>
</li>`,
    )
    .join('\n');
  return `<ol class="cards">${cards}</ol>`;
}

/**
 * A post's cover in its card, or a plain frame of the same shape without one, so every card lines
 * up. Decorative: the title beside it is the link and says what it is.
 */
function picture(site: SiteContext, post: Post, sizes: string, loading: 'lazy' | 'eager'): string {
  const cover = post.cover;
  if (!cover) return '<div class="card-picture card-picture--none"></div>';
  const { publicUrl } = site;
  return `<img class="card-picture" src="${escapeHtml(`${publicUrl}${cover.url}`)}" srcset="${escapeHtml(absoluteSrcset(publicUrl, cover.srcset))}" sizes="${sizes}" width="${cover.width}" height="${cover.height}" alt="" loading="${loading}">`;
}
