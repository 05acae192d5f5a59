import escapeHtml from 'escape-html';
import type { ProfileLinks } from '../../../contracts/profile';
import { sitePostPath } from '../../../contracts/publication-url';
import type { Series, SeriesSummary } from '../../../contracts/series';

/*
 * The parts of a publication's site that come from series (decision 0078) and a writer's profile
 * (decision 0068), kept apart from site-pages.ts: strings, every value escaped.
 */

/** A series' address on the site (its page; the main site's is /series?id=). */
export const siteSeriesPath = (id: string) => `/series/${encodeURIComponent(id)}`;

/** The home page's list of series with a part readers can see; nothing when there is none. */
export function seriesSection(publicationUrl: string, series: SeriesSummary[]): string {
  if (series.length === 0) return '';
  const items = series
    .map(
      (item) =>
        `<li><a href="${escapeHtml(`${publicationUrl}${siteSeriesPath(item.id)}`)}">${escapeHtml(item.title)}</a> <span class="count">${item.partCount} ${item.partCount === 1 ? 'part' : 'parts'}</span></li>`,
    )
    .join('');
  return `<section class="series" aria-labelledby="series-title"><h2 id="series-title">Series</h2><ul>${items}</ul></section>`;
}

/**
 * A writer's website and profiles elsewhere on their blog's site, each with rel="me", so a
 * Mastodon account that links to the blog shows it as verified, as the profile page does.
 */
export function linksList(links: ProfileLinks | undefined): string {
  const all = links ? [...(links.website ? [links.website] : []), ...links.elsewhere] : [];
  if (all.length === 0) return '';
  const items = all
    .map(
      (link) =>
        `<li><a href="${escapeHtml(link.url)}" rel="me nofollow noopener">${escapeHtml(link.label)}</a></li>`,
    )
    .join('');
  return `<ul class="links" aria-label="Links">${items}</ul>`;
}

/** A series' page on the site: its title, description and parts readers can see, in order. */
export function seriesMain(publicationUrl: string, series: Series): string {
  const parts =
    series.parts.length === 0
      ? '<p class="empty">No parts published yet.</p>'
      : `<ol class="entries parts">${series.parts
          .map(
            (part, index) =>
              `<li class="entry"><p class="pin">Part ${index + 1}</p><h2><a href="${escapeHtml(`${publicationUrl}${sitePostPath(part)}`)}">${escapeHtml(part.title)}</a></h2>${part.description ? `<p class="summary">${escapeHtml(part.description)}</p>` : ''}</li>`,
          )
          .join('\n')}</ol>`;
  return `<p class="pin">Series</p><h1>${escapeHtml(series.title)}</h1>${series.description ? `<p class="lede">${escapeHtml(series.description)}</p>` : ''}${parts}`;
}
