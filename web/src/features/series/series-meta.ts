import { seriesPath, type Series } from '../../../../contracts/series';
import type { PageMeta } from '../../lib/head/document-head';
import type { SiteInfo } from '../../../../contracts/page-rendering';
import { canonicalPostPath } from '../../lib/paths';

/** The series page's head: its own feeds, and its parts as a schema.org ItemList. */
export function seriesMeta(series: Series, site: SiteInfo): PageMeta {
  const by = series.owner.publication?.name ?? series.owner.username;
  const description =
    series.description || `A series of ${series.parts.length} posts by ${by} on ${site.name}.`;
  return {
    title: series.title,
    description,
    canonicalPath: seriesPath(series.id),
    feeds: [{ title: `${series.title} on ${site.name}`, scope: { series: series.id } }],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: series.title,
      description,
      url: `${site.publicUrl}${seriesPath(series.id)}`,
      numberOfItems: series.parts.length,
      itemListOrder: 'https://schema.org/ItemListOrderAscending',
      itemListElement: series.parts.map((part, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: part.title,
        url: `${site.publicUrl}${canonicalPostPath(part.id)}`,
      })),
    },
  };
}
