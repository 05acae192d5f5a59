import { useCallback, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PendingCoauthorInvitation } from '../../../../../contracts/coauthors';
import { Avatar } from '../../../components/ui/avatar';
import { LocalDate } from '../../../components/ui/local-date';
import { useApiResource } from '../../../lib/use-api-resource';
import {
  acceptCoauthorInvitation,
  declineCoauthorInvitation,
  listCoauthorInvitations,
} from '../api/coauthor-invitations';
import { editPostPath } from '../paths';

/** Where the bell's line about an invitation to co-write leads (decision 0085). */
export const COAUTHOR_INVITATIONS_ID = 'coauthor-invitations';

/**
 * "Asked to co-write" on /drafts (docs/decisions/0085-co-authors.md): the posts other writers
 * invited the reader to co-write, each with Accept (which opens it in the editor) and Decline.
 * Nothing at all when none waits, so the drafts list keeps its place.
 */
export function CoauthorInvitations() {
  const read = useCallback((signal: AbortSignal) => listCoauthorInvitations(signal), []);
  const { resource, update } = useApiResource(read);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const headingId = useId();

  if (resource.status !== 'ready' || (resource.value.length === 0 && !status && !error)) return null;

  const accept = async (invitation: PendingCoauthorInvitation) => {
    setError(null);
    const result = await acceptCoauthorInvitation(invitation.post.id);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    void navigate(editPostPath(invitation.post.id));
  };

  const decline = async (invitation: PendingCoauthorInvitation) => {
    setError(null);
    const result = await declineCoauthorInvitation(invitation.post.id);
    if (!result.ok && result.error.status !== 404) {
      setError(result.error.message);
      return;
    }
    update((items) => items.filter((item) => item.post.id !== invitation.post.id));
    setStatus(`You declined to co-write “${invitation.post.title || 'Untitled'}”.`);
  };

  return (
    <section
      className="coauthor-invitations"
      id={COAUTHOR_INVITATIONS_ID}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <h2 className="coauthor-invitations__title" id={headingId}>
        Asked to co-write
      </h2>
      {resource.value.length > 0 ? (
        <ul className="coauthor-invitations__list">
          {resource.value.map((invitation) => (
            <li className="coauthor-invitations__item" key={invitation.post.id}>
              <Avatar
                name={invitation.post.author.username}
                picture={invitation.post.author.picture}
                size="sm"
              />
              <p className="coauthor-invitations__text">
                {invitation.post.author.username} invites you to co-write “
                {invitation.post.title || 'Untitled'}”
                <span className="coauthor-invitations__date">
                  {' · '}
                  <LocalDate iso={invitation.invitedAt} />
                </span>
              </p>
              <div className="coauthor-invitations__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  onClick={() => void accept(invitation)}
                >
                  Accept<span className="visually-hidden"> to co-write “{invitation.post.title}”</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => void decline(invitation)}
                >
                  Decline<span className="visually-hidden"> to co-write “{invitation.post.title}”</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="coauthor-invitations__status" role="status">
        {status}
      </p>
    </section>
  );
}
