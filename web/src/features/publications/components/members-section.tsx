import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  GRANTABLE_ROLES,
  type GrantableRole,
  type PublicationDetails,
  type PublicationMember,
  type PublicationRole,
} from '../../../../../contracts/publications';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { SettingsSection } from '../../../components/ui/settings-section';
import { changeRole, handOver, removeMember } from '../api/publications';
import { memberControls, ROLE_LABELS, ROLE_WITH_ARTICLE, sameName } from '../lib/member-controls';
import { PUBLICATIONS_PATH } from '../paths';

type Asking = { kind: 'remove' | 'handOver' | 'leave'; member: PublicationMember };

const QUESTIONS: Record<
  Asking['kind'],
  { title: (name: string) => string; confirm: string; pending: string }
> = {
  remove: { title: (name) => `Remove ${name}?`, confirm: 'Remove', pending: 'Removing…' },
  handOver: {
    title: (name) => `Hand ownership over to ${name}?`,
    confirm: 'Hand over',
    pending: 'Handing over…',
  },
  leave: { title: (name) => `Leave ${name}?`, confirm: 'Leave', pending: 'Leaving…' },
};

/**
 * Who writes in the publication and in which role, with what the viewer's own role lets them do
 * (memberControls): change roles, remove, hand over, leave. Each removal asks first.
 */
export function MembersSection({
  publication,
  viewer,
  onChange,
}: {
  publication: PublicationDetails;
  viewer: { username: string; role: PublicationRole };
  onChange: (next: PublicationDetails) => void;
}) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [pending, setPending] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const setRole = async (member: PublicationMember, role: GrantableRole) => {
    setError(null);
    setStatus('');
    const result = await changeRole(publication.slug, member.username, role);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    onChange(result.data);
    setStatus(`${member.username} is now ${ROLE_WITH_ARTICLE[role]}.`);
  };

  const confirm = async () => {
    if (!asking) return;
    const { kind, member } = asking;
    setPending(true);
    setDialogError(null);
    const result =
      kind === 'handOver'
        ? await handOver(publication.slug, member.username)
        : await removeMember(publication.slug, member.username);
    setPending(false);
    if (!result.ok) {
      setDialogError(result.error.message);
      return;
    }
    setAsking(null);
    if (kind === 'leave') {
      void navigate(PUBLICATIONS_PATH, { state: { notice: `You left ${publication.name}.` } });
    } else if (kind === 'handOver' && result.data) {
      onChange(result.data);
      setStatus(`${member.username} owns ${publication.name} now; you stay on as an editor.`);
    } else {
      onChange({ ...publication, members: publication.members.filter((item) => item !== member) });
      setStatus(`${member.username} was removed.`);
    }
  };

  const question = asking ? QUESTIONS[asking.kind] : null;
  return (
    <SettingsSection
      title="Members"
      lead="The owner can do everything; editors edit, publish and unpublish any post here and invite people; writers write their own posts."
    >
      <ul className="member-list">
        {publication.members.map((member) => {
          const controls = memberControls(viewer, member, publication.personal);
          return (
            <li key={member.username} className="member-list__item">
              <span className="member-list__name">
                {member.username}
                {sameName(member.username, viewer.username) ? ' (you)' : ''}
              </span>
              {controls.changeRole ? (
                <label className="member-list__role">
                  <span className="visually-hidden">Role of {member.username}</span>
                  <select
                    className="field__input field__input--compact"
                    value={member.role}
                    onChange={(event) => void setRole(member, event.target.value as GrantableRole)}
                  >
                    {GRANTABLE_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </label>
              ) : (
                <span className="member-list__role">{ROLE_LABELS[member.role]}</span>
              )}
              <span className="member-list__actions">
                {controls.handOver ? (
                  <AskButton
                    label="Hand over"
                    about={member.username}
                    onClick={() => setAsking({ kind: 'handOver', member })}
                  />
                ) : null}
                {controls.remove ? (
                  <AskButton
                    label="Remove"
                    about={member.username}
                    danger
                    onClick={() => setAsking({ kind: 'remove', member })}
                  />
                ) : null}
                {controls.leave ? (
                  <AskButton
                    label="Leave"
                    about={publication.name}
                    danger
                    onClick={() => setAsking({ kind: 'leave', member })}
                  />
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="settings-section__status" role="status">
        {status}
      </p>
      <FormError message={error} />
      <ConfirmDialog
        open={asking !== null}
        title={
          question && asking
            ? question.title(asking.kind === 'leave' ? publication.name : asking.member.username)
            : ''
        }
        confirmLabel={question?.confirm ?? ''}
        pendingLabel={question?.pending ?? ''}
        pending={pending}
        error={dialogError}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setDialogError(null);
          setAsking(null);
        }}
      >
        <p>{asking ? consequence(asking, publication.name) : null}</p>
      </ConfirmDialog>
    </SettingsSection>
  );
}

function consequence({ kind, member }: Asking, name: string): string {
  if (kind === 'handOver')
    return `${member.username} becomes the owner of ${name}, with every right you have now. You stay on as an editor, and cannot take it back yourself.`;
  if (kind === 'leave')
    return `You can no longer write in ${name}. Your posts stay in it until you move them to your own blog, which you still may.`;
  return `${member.username} can no longer write in ${name}, from now on. Their posts stay in it until they move them to their own blog.`;
}

function AskButton({
  label,
  about,
  danger = false,
  onClick,
}: {
  label: string;
  about: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      className={`button button--small ${danger ? 'button--danger' : 'button--secondary'}`}
      type="button"
      onClick={onClick}
    >
      {label}
      <span className="visually-hidden"> {about}</span>
    </button>
  );
}
