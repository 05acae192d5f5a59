import { useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  NOT_A_MEMBER_MESSAGE,
  PUBLICATION_NOT_FOUND_MESSAGE,
  type PublicationDetails,
} from '../../../../../contracts/publications';
import { PageHead } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApiResource } from '../../../lib/use-api-resource';
import { useOneTimeNotice } from '../../../lib/use-one-time-notice';
import { useSession } from '../../auth';
import { manageSeriesPath } from '../../series';
import { statsPath } from '../../stats';
import { subscribersPath } from '../../subscribers';
import { SettingsSection } from '../../../components/ui/settings-section';
import { getPublication } from '../api/publications';
import { DeletePublication } from '../components/delete-publication';
import { DetailsForm } from '../components/details-form';
import { LogoField } from '../components/logo-field';
import { DomainSection } from '../components/domain-section';
import { InvitationsSection } from '../components/invitations-section';
import { MembersSection } from '../components/members-section';
import { PagesSection } from '../components/pages-section';
import { NavigationSection } from '../components/navigation-section';
import { LookSection } from '../components/look-section';
import { SiteLink } from '../components/site-link';
import { powersOf, ROLE_WITH_ARTICLE, sameName } from '../lib/member-controls';
import { PUBLICATIONS_PATH } from '../paths';
import '../publications.css';

/**
 * /publication?slug=, behind RequireAccount: one publication as its member manages it.
 * Each section shows only what the member's role allows; the server checks every request again.
 */
export function PublicationPage() {
  const [params] = useSearchParams();
  const slug = (params.get('slug') ?? '').trim().toLowerCase();
  const read = useCallback((signal: AbortSignal) => getPublication(slug, signal), [slug]);
  const { resource, reload, update } = useApiResource(read, slug !== '');

  if (slug === '' || (resource.status === 'failed' && resource.httpStatus === 404)) {
    return (
      <Shell title="Publication not found">
        <div className="empty-state">
          <p>{PUBLICATION_NOT_FOUND_MESSAGE}. Its address may be mistyped, or it was deleted.</p>
          <BackLink />
        </div>
      </Shell>
    );
  }
  if (resource.status === 'failed') {
    return (
      <Shell title="Publication">
        <ErrorRetry message={resource.message} onRetry={() => void reload()} />
      </Shell>
    );
  }
  if (resource.status === 'loading') {
    return (
      <Shell title="Publication">
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading the publication…
          </p>
          <Skeleton className="skeleton--text skeleton--w-60" />
          <Skeleton className="skeleton--text skeleton--w-30" />
        </div>
      </Shell>
    );
  }
  return <Manage publication={resource.value} onChange={(next) => update(() => next)} />;
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page--narrow publication-page">
      <PageHead title={title} noindex />
      <h1 className="publications-heading">{title}</h1>
      {children}
    </div>
  );
}

function BackLink() {
  return (
    <p className="empty-state__actions">
      <AppLink className="button button--secondary" to={PUBLICATIONS_PATH}>
        Your publications
      </AppLink>
    </p>
  );
}

function Manage({
  publication,
  onChange,
}: {
  publication: PublicationDetails;
  onChange: (next: PublicationDetails) => void;
}) {
  const { userData } = useSession();
  const username = userData?.username ?? '';
  const notice = useOneTimeNotice();
  const [saved, setSaved] = useState(0);
  const role = publication.members.find((member) => sameName(member.username, username))?.role;
  const powers = powersOf(role);

  if (!role) {
    return (
      <Shell title={publication.name}>
        <div className="empty-state" role="alert">
          <p>{NOT_A_MEMBER_MESSAGE}. Its owner or an editor can invite you.</p>
          <p>
            Read it at <SiteLink url={publication.url} />
          </p>
        </div>
        <BackLink />
      </Shell>
    );
  }
  return (
    <Shell title={publication.name}>
      {notice ? <Notice>{notice}</Notice> : null}
      <p className="publication-page__meta">
        {publication.personal ? 'Your blog · ' : ''}
        You are {ROLE_WITH_ARTICLE[role]} · <SiteLink url={publication.url} />
      </p>
      {publication.description ? (
        <p className="publication-page__description">{publication.description}</p>
      ) : null}
      <p className="publication-page__back">
        <AppLink to={PUBLICATIONS_PATH}>All your publications</AppLink>
      </p>
      {powers.owns ? (
        <SettingsSection
          title="Details"
          lead={`Its address, ${publication.slug}, stays as it is: links and domains point at it.`}
        >
          {saved > 0 ? <Notice>Saved.</Notice> : null}
          <DetailsForm
            key={saved}
            publication={publication}
            onSaved={(next) => {
              onChange(next);
              setSaved((count) => count + 1);
            }}
          />
          <LogoField publication={publication} onSaved={onChange} />
        </SettingsSection>
      ) : null}
      {powers.invites ? <PagesSection publication={publication} /> : null}
      {powers.owns ? <NavigationSection slug={publication.slug} /> : null}
      {powers.owns ? <LookSection slug={publication.slug} /> : null}
      <MembersSection publication={publication} viewer={{ username, role }} onChange={onChange} />
      {powers.invites ? <InvitationsSection slug={publication.slug} /> : null}
      {powers.invites ? (
        <SettingsSection
          title="Newsletter subscribers"
          lead="Who subscribed by email, how the list grows, and importing or exporting it as CSV."
        >
          <AppLink
            className="button button--secondary"
            to={subscribersPath(publication.personal ? publication.id : publication.slug)}
          >
            Subscribers
          </AppLink>
        </SettingsSection>
      ) : null}
      {powers.invites ? (
        <SettingsSection
          title="Series"
          lead="Posts grouped into series read in order, each part with its previous and next."
        >
          <AppLink
            className="button button--secondary"
            to={manageSeriesPath(publication.personal ? undefined : publication.slug)}
          >
            Manage series
          </AppLink>
        </SettingsSection>
      ) : null}
      {powers.invites ? (
        <SettingsSection
          title="Stats"
          lead="Views, visitors, reads and where readers came from, over the publication's posts and home."
        >
          <AppLink className="button button--secondary" to={statsPath(publication.slug)}>
            Stats
          </AppLink>
        </SettingsSection>
      ) : null}
      {powers.owns ? <DomainSection slug={publication.slug} /> : null}
      {powers.owns && !publication.personal ? <DeletePublication publication={publication} /> : null}
    </Shell>
  );
}
