import escapeHtml from 'escape-html';
import { sitePagePath } from '../../../contracts/publication-pages';
import { metaDescription } from '../../../contracts/preview';
import { layout, type SiteContext } from './site-pages';

/** What a page of the site shows: its title and its body as the posts' renderer made it. */
export interface WrittenPage {
  slug: string;
  title: string;
  /** Markdown, for the description. */
  body: string;
}

/**
 * A page the publication's owner or an editor wrote (decision 83): About, Contact… at /p/{slug}.
 * `contentHtml` is the sanitized HTML the posts' renderer gave; everything else is escaped here.
 */
export function writtenPage(site: SiteContext, page: WrittenPage, contentHtml: string): string {
  const { publication } = site;
  const description = metaDescription(page.body) || page.title;
  return layout(
    site,
    {
      title: `${page.title} · ${publication.name}`,
      description,
      canonical: `${publication.url}${sitePagePath(page.slug)}`,
    },
    `<article>
<h1>${escapeHtml(page.title)}</h1>
<div class="content">${contentHtml}</div>
</article>`,
  );
}
