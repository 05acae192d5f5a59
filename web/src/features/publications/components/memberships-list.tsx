import type { Membership } from '../../../../../contracts/publications';
import { AppLink } from '../../../components/ui/app-link';
import { ROLE_LABELS } from '../lib/member-controls';
import { managePublicationPath } from '../paths';
import { SiteLink } from './site-link';

/** The writer's publications, their own blog first (as the server orders them). */
export function MembershipsList({ memberships }: { memberships: Membership[] }) {
  return (
    <ul className="publication-list" aria-label="Your publications">
      {memberships.map(({ publication, role }) => (
        <li key={publication.id} className="publication-list__item">
          <span
            className="publication-list__swatch"
            style={publication.accentColor ? { background: publication.accentColor } : undefined}
            aria-hidden="true"
          />
          <div className="publication-list__text">
            <AppLink className="publication-list__name" to={managePublicationPath(publication.slug)}>
              {publication.name}
            </AppLink>
            <p className="publication-list__meta">
              {publication.personal ? 'Your blog · ' : ''}
              {ROLE_LABELS[role]} · <SiteLink url={publication.url} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The list's shape while it loads. */
export function MembershipsSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your publications…
      </p>
      {[0, 1].map((row) => (
        <div key={row} className="publication-list__item" aria-hidden="true">
          <span className="publication-list__swatch" />
          <div className="publication-list__text">
            <span className="skeleton skeleton--text skeleton--w-30" />
            <span className="skeleton skeleton--text skeleton--w-60" />
          </div>
        </div>
      ))}
    </div>
  );
}
