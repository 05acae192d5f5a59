import type { PostPublication } from '../../../../../contracts/publications';
import { publicationSiteUrl } from '../../../../../contracts/publication-url';
import { useSite } from '../../../lib/head/page-head';

/**
 * "in Engine Notes" beside a post's author, linking to the publication's own site: pages
 * the server renders outside this app's routes, so a plain link. Nothing for an author's own blog.
 */
export function PublicationCredit({
  publication,
  className,
}: {
  publication: PostPublication | null;
  className: string;
}) {
  const site = useSite();
  if (!publication || publication.personal) return null;
  // Follows the author's name as words do: the space before it is its own.
  return (
    <>
      {' '}
      <span className={className}>
        in <a href={publicationSiteUrl(site, publication)}>{publication.name}</a>
      </span>
    </>
  );
}
