import { useState } from 'react';
import type { Invitation, Membership } from '../../../../../contracts/publications';
import { FormError } from '../../../components/ui/form-error';
import { acceptInvitation, declineInvitation } from '../api/publications';
import { ROLE_WITH_ARTICLE } from '../lib/member-controls';
import { SiteLink } from './site-link';

/** Invitations waiting for the writer's answer; an accepted one joins their publications. */
export function InvitationInbox({
  invitations,
  onAnswered,
}: {
  invitations: Invitation[];
  onAnswered: (invitation: Invitation, membership: Membership | null) => void;
}) {
  return (
    <ul className="publication-list" aria-label="Invitations">
      {invitations.map((invitation) => (
        <InvitationItem key={invitation.id} invitation={invitation} onAnswered={onAnswered} />
      ))}
    </ul>
  );
}

function InvitationItem({
  invitation,
  onAnswered,
}: {
  invitation: Invitation;
  onAnswered: (invitation: Invitation, membership: Membership | null) => void;
}) {
  const [pending, setPending] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { publication } = invitation;

  const answer = async (choice: 'accept' | 'decline') => {
    setPending(choice);
    setError(null);
    const result =
      choice === 'accept' ? await acceptInvitation(invitation.id) : await declineInvitation(invitation.id);
    if (!result.ok) {
      setPending(null);
      setError(result.error.message);
      return;
    }
    onAnswered(invitation, choice === 'accept' ? (result.data ?? null) : null);
  };

  return (
    <li className="publication-list__item publication-list__item--invitation">
      <div className="publication-list__text">
        <p className="publication-list__name">{publication.name}</p>
        <p className="publication-list__meta">
          {invitation.invitedBy ?? 'A member'} invited you as {ROLE_WITH_ARTICLE[invitation.role]} ·{' '}
          <SiteLink url={publication.url} />
        </p>
        <FormError message={error} />
      </div>
      <div className="publication-list__actions">
        <button
          className="button button--primary button--small"
          type="button"
          disabled={pending !== null}
          aria-busy={pending === 'accept' || undefined}
          onClick={() => void answer('accept')}
        >
          {pending === 'accept' ? 'Accepting…' : 'Accept'}
          <span className="visually-hidden"> the invitation to {publication.name}</span>
        </button>
        <button
          className="button button--secondary button--small"
          type="button"
          disabled={pending !== null}
          aria-busy={pending === 'decline' || undefined}
          onClick={() => void answer('decline')}
        >
          {pending === 'decline' ? 'Declining…' : 'Decline'}
          <span className="visually-hidden"> the invitation to {publication.name}</span>
        </button>
      </div>
    </li>
  );
}
