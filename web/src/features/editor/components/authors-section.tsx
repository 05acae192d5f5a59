import { useCallback, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_AUTHORS, type CoauthorInvitation, type PostAuthors } from '../../../../../contracts/coauthors';
import type { Author } from '../../../../../contracts/posts';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { SettingsSection } from '../../../components/ui/settings-section';
import { Skeleton } from '../../../components/ui/skeleton';
import { profilePath } from '../../../lib/paths';
import { useApiResource } from '../../../lib/use-api-resource';
import { useSession } from '../../auth';
import { getPostAuthors, inviteCoauthor, leavePost, removeCoauthor } from '../api/coauthors';
import './authors-section.css';

/**
 * "Authors" under a post's editor (docs/decisions/0085-co-authors.md). Its first author invites a
 * writer by handle or name, sees who is asked and removes a co-author or withdraws an invitation;
 * a co-author sees who writes it and may stop co-writing it. Outside the post's form: Enter in the
 * name field sends the invitation, never the post. Loaded apart from the editor (update-post-page).
 */
export function AuthorsSection({ postId }: { postId: string }) {
  const read = useCallback((signal: AbortSignal) => getPostAuthors(postId, signal), [postId]);
  const { resource, reload, update } = useApiResource(read);
  const { userData } = useSession();
  const navigate = useNavigate();
  const [who, setWho] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const fieldId = useId();
  const errorId = useId();

  if (resource.status === 'loading') {
    return (
      <SettingsSection title="Authors" lead="Who writes this post.">
        <div aria-busy="true" aria-label="Loading authors">
          <Skeleton className="skeleton--text skeleton--w-70" />
        </div>
      </SettingsSection>
    );
  }
  if (resource.status === 'failed') {
    return (
      <SettingsSection title="Authors" lead="Who writes this post.">
        <ErrorRetry message={resource.message} onRetry={() => void reload()} />
      </SettingsSection>
    );
  }

  const { authors, invitations } = resource.value;
  const isFirst = authors[0]?.id === userData?.id;
  const asked = invitations.filter((invitation) => invitation.state === 'pending').length;
  const room = MAX_AUTHORS - authors.length - asked;

  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    const result = await inviteCoauthor(postId, { who });
    setPending(false);
    if (!result.ok) {
      setError(result.error.fieldErrors.who?.[0] ?? result.error.message);
      return;
    }
    const invitation = result.data;
    update((value: PostAuthors) => ({
      ...value,
      invitations: [
        ...value.invitations.filter((item) => item.writer.id !== invitation.writer.id),
        invitation,
      ],
    }));
    setWho('');
    setStatus(`${invitation.writer.username} is invited. They accept or decline from their notifications.`);
  };

  const remove = async (writer: Author, what: 'co-author' | 'invitation') => {
    setError(null);
    const result = await removeCoauthor(postId, writer.id);
    if (!result.ok && result.error.status !== 404) {
      setError(result.error.message);
      return;
    }
    update((value: PostAuthors) => ({
      authors: value.authors.filter((author) => author.id !== writer.id),
      invitations: value.invitations.filter((item) => item.writer.id !== writer.id),
    }));
    setStatus(
      what === 'co-author'
        ? `${writer.username} no longer co-writes this post.`
        : `The invitation to ${writer.username} is withdrawn.`,
    );
  };

  const leave = async () => {
    setError(null);
    const result = await leavePost(postId);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    void navigate('/drafts', { state: { notice: 'You no longer co-write that post.' } });
  };

  return (
    <SettingsSection
      title="Authors"
      lead={
        isFirst
          ? `Invite up to ${MAX_AUTHORS - 1} other writers to co-write this post: once they accept, their names are in its byline and they can edit it. Only you can delete it, move it or change its authors.`
          : 'Everyone named here is in the byline and can edit this post; only its first author can delete it, move it or change its authors.'
      }
    >
      <ul className="authors-section__list" aria-label="Authors of this post">
        {authors.map((author, index) => (
          <li className="authors-section__item" key={author.id}>
            <Avatar name={author.username} picture={author.picture} size="sm" />
            <span className="authors-section__name">
              <AppLink to={profilePath(author)}>{author.username}</AppLink>
              <span className="authors-section__role">{index === 0 ? 'First author' : 'Co-author'}</span>
            </span>
            {isFirst && index > 0 ? (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void remove(author, 'co-author')}
              >
                Remove<span className="visually-hidden"> {author.username} as a co-author</span>
              </button>
            ) : null}
            {!isFirst && author.id === userData?.id ? (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void leave()}
              >
                Stop co-writing
              </button>
            ) : null}
          </li>
        ))}
        {invitations.map((invitation) => (
          <InvitationItem
            key={invitation.writer.id}
            invitation={invitation}
            onWithdraw={() => void remove(invitation.writer, 'invitation')}
          />
        ))}
      </ul>
      {isFirst ? (
        room > 0 ? (
          <form className="authors-section__invite" onSubmit={(event) => void invite(event)} noValidate>
            <label className="field__label" htmlFor={fieldId}>
              Invite a writer by handle or name
            </label>
            <div className="authors-section__row">
              <input
                id={fieldId}
                className="field__input authors-section__field"
                value={who}
                onChange={(event) => setWho(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                maxLength={80}
                placeholder="@handle"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              <button type="submit" className="button button--secondary" aria-disabled={pending || undefined}>
                {pending ? 'Inviting…' : 'Invite'}
              </button>
            </div>
          </form>
        ) : (
          <p className="authors-section__full">
            This post has {MAX_AUTHORS} authors, invitations waiting included: remove one to invite another.
          </p>
        )
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <p className="settings-section__status" role="status">
        {status}
      </p>
    </SettingsSection>
  );
}

function InvitationItem({
  invitation,
  onWithdraw,
}: {
  invitation: CoauthorInvitation;
  onWithdraw: () => void;
}) {
  const { writer } = invitation;
  return (
    <li className="authors-section__item authors-section__item--invited">
      <Avatar name={writer.username} picture={writer.picture} size="sm" />
      <span className="authors-section__name">
        <AppLink to={profilePath(writer)}>{writer.username}</AppLink>
        <span className="authors-section__role">
          {invitation.state === 'pending' ? 'Invited, not answered yet' : 'Declined'}
        </span>
      </span>
      <button type="button" className="button button--secondary button--small" onClick={onWithdraw}>
        {invitation.state === 'pending' ? 'Withdraw' : 'Clear'}
        <span className="visually-hidden"> the invitation to {writer.username}</span>
      </button>
    </li>
  );
}
