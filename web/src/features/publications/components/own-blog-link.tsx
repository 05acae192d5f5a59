import { useApiResource } from '../../../lib/use-api-resource';
import { listMemberships } from '../api/memberships';

/**
 * A writer's link to their own blog's site, on their own profile. Only one's own
 * memberships can be read, so other people's profiles have none; shown once it has loaded.
 */
export function OwnBlogLink() {
  const { resource } = useApiResource(listMemberships);
  const own =
    resource.status === 'ready'
      ? resource.value.find((membership) => membership.publication.personal)
      : undefined;
  if (!own) return null;
  return (
    <a className="button button--secondary" href={own.publication.url}>
      Blog
    </a>
  );
}
