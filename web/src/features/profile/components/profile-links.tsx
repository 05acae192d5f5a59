import type { ProfileLinks } from '../../../../../contracts/profile';

/**
 * The writer's website and profiles elsewhere, each with rel="me": a Mastodon account that links
 * back to this page then shows the link as verified (decision 0068).
 */
export function ProfileLinksList({ links }: { links: ProfileLinks }) {
  const all = [...(links.website ? [links.website] : []), ...links.elsewhere];
  if (all.length === 0) return null;
  return (
    <ul className="profile-links" aria-label="Links">
      {all.map((link) => (
        <li key={link.url}>
          <a href={link.url} rel="me nofollow noopener">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
