import { PageHead } from '../../../lib/head/page-head';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Notice } from '../../../components/ui/notice';
import { useApiResource } from '../../../lib/use-api-resource';
import { useOneTimeNotice } from '../../../lib/use-one-time-notice';
import { SettingsSection } from '../../../components/ui/settings-section';
import { listMemberships, listMyInvitations } from '../api/publications';
import { InvitationInbox } from '../components/invitation-inbox';
import { MembershipsList, MembershipsSkeleton } from '../components/memberships-list';
import { NewPublicationForm } from '../components/new-publication-form';
import '../publications.css';

/**
 * /publications, behind RequireAccount: the writer's publications, the invitations
 * waiting for them and a new publication. Only for its owner, so read in the browser with the token.
 */
export function PublicationsPage() {
  const memberships = useApiResource(listMemberships);
  const invitations = useApiResource(listMyInvitations);
  const notice = useOneTimeNotice();

  return (
    <div className="page page--narrow publications-page">
      <PageHead title="Your publications" noindex />
      <h1 className="publications-heading">Your publications</h1>
      {notice ? <Notice>{notice}</Notice> : null}
      {invitations.resource.status === 'ready' && invitations.resource.value.length > 0 ? (
        <SettingsSection title="Invitations" lead="Accept to write in a publication with its team.">
          <InvitationInbox
            invitations={invitations.resource.value}
            onAnswered={(answered, membership) => {
              invitations.update((list) => list.filter((item) => item.id !== answered.id));
              if (membership) memberships.update((list) => [...list, membership]);
            }}
          />
        </SettingsSection>
      ) : null}
      {invitations.resource.status === 'failed' ? (
        <ErrorRetry message={invitations.resource.message} onRetry={() => void invitations.reload()} />
      ) : null}
      <SettingsSection
        title="Your blogs"
        lead="Your own blog, and the publications you write in with others. Choose where a post appears when you write it."
      >
        {memberships.resource.status === 'loading' ? (
          <MembershipsSkeleton />
        ) : memberships.resource.status === 'failed' ? (
          <ErrorRetry message={memberships.resource.message} onRetry={() => void memberships.reload()} />
        ) : (
          <MembershipsList memberships={memberships.resource.value} />
        )}
      </SettingsSection>
      <SettingsSection
        title="New publication"
        lead="A blog you write with others, at its own address. You will be its owner, and can invite editors and writers."
      >
        <NewPublicationForm />
      </SettingsSection>
    </div>
  );
}
