import { useCallback } from 'react';
import type { PublicationDetails } from '../../../../../contracts/publications';
import { AppLink } from '../../../components/ui/app-link';
import { SettingsSection } from '../../../components/ui/settings-section';
import { ResourceView } from '../../../components/ui/resource-view';
import { useApiResource } from '../../../lib/use-api-resource';
import { listPages } from '../api/pages';
import { publicationPageEditorPath } from '../paths';

/**
 * The publication's own pages (About, Contact…, decision 83), for its owner and editors: each with
 * its state and address, a link to write it, and one to write a new one.
 */
export function PagesSection({ publication }: { publication: PublicationDetails }) {
  const read = useCallback((signal: AbortSignal) => listPages(publication.slug, signal), [publication.slug]);
  const { resource, reload } = useApiResource(read);
  return (
    <SettingsSection
      title="Pages"
      lead="Pages of the site that are not posts, like About or Write for us: never in post lists or feeds. Add them to the navigation below."
    >
      <ResourceView resource={resource} reload={reload} loadingLabel="Loading the site's pages">
        {(pages) =>
          pages.length === 0 ? (
            <p className="publication-pages__empty">No pages yet.</p>
          ) : (
            <ul className="publication-pages">
              {pages.map((page) => (
                <li key={page.id} className="publication-pages__item">
                  <AppLink to={publicationPageEditorPath(publication.slug, page.id)}>{page.title}</AppLink>
                  <span className="publication-pages__meta">
                    {page.status === 'draft' ? (
                      'Draft'
                    ) : (
                      <>
                        Published at <a href={page.url}>/p/{page.slug}</a>
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
      <p>
        <AppLink className="button button--secondary" to={publicationPageEditorPath(publication.slug)}>
          Write a page
        </AppLink>
      </p>
    </SettingsSection>
  );
}
