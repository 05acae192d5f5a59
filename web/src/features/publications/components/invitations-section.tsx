import { useCallback, useState } from 'react';
import {
  GRANTABLE_ROLES,
  invitationCreateSchema,
  type GrantableRole,
  type Invitation,
} from '../../../../../contracts/publications';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { FieldFrame } from '../../../components/ui/field-frame';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useApiResource } from '../../../lib/use-api-resource';
import { useZodForm } from '../../../lib/use-zod-form';
import { SettingsSection } from '../../../components/ui/settings-section';
import { invite, listInvitations, withdrawInvitation } from '../api/publications';
import { ROLE_LABELS, ROLE_WITH_ARTICLE } from '../lib/member-controls';

/** Owners and editors invite people by name or email, and withdraw invitations not answered yet. */
export function InvitationsSection({ slug }: { slug: string }) {
  const read = useCallback((signal: AbortSignal) => listInvitations(slug, signal), [slug]);
  const { resource, reload, update } = useApiResource(read);
  // A fresh form after each invitation (a form stays pending after its success, see useZodForm).
  const [sent, setSent] = useState(0);
  const [status, setStatus] = useState('');

  return (
    <SettingsSection
      title="Invitations"
      lead="Invite someone with an account here by their name or email. They join once they accept, on their Publications page."
    >
      <InviteForm
        key={sent}
        slug={slug}
        onInvited={(invitation) => {
          update((list) => [...list, invitation]);
          setStatus(`${invitation.username} is invited as ${ROLE_WITH_ARTICLE[invitation.role]}.`);
          setSent((count) => count + 1);
        }}
      />
      <p className="settings-section__status" role="status">
        {status}
      </p>
      <h3 className="publication-page__subtitle">Waiting for an answer</h3>
      {resource.status === 'loading' ? (
        <p className="settings-section__status">Loading invitations…</p>
      ) : resource.status === 'failed' ? (
        <ErrorRetry message={resource.message} onRetry={() => void reload()} />
      ) : resource.value.length === 0 ? (
        <p className="settings-section__status">No invitations waiting.</p>
      ) : (
        <ul className="member-list" aria-label="Invitations waiting for an answer">
          {resource.value.map((invitation) => (
            <PendingInvitation
              key={invitation.id}
              slug={slug}
              invitation={invitation}
              onWithdrawn={() => {
                update((list) => list.filter((item) => item.id !== invitation.id));
                setStatus(`The invitation to ${invitation.username} is withdrawn.`);
              }}
            />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function InviteForm({ slug, onInvited }: { slug: string; onInvited: (invitation: Invitation) => void }) {
  const form = useZodForm({
    schema: invitationCreateSchema,
    initialValues: { who: '', role: 'writer' },
    submit: async (input) => {
      const result = await invite(slug, input);
      if (!result.ok) return result.error;
      onInvited(result.data);
      return null;
    },
  });
  return (
    <form className="form publication-form" noValidate onSubmit={form.onSubmit}>
      <TextField
        label="Name or email"
        name="who"
        autoComplete="off"
        spellCheck={false}
        value={form.values.who}
        onValueChange={(value) => form.setValue('who', value)}
        error={form.errors.who}
      />
      <FieldFrame label="Role" error={form.errors.role}>
        {(control) => (
          <select
            {...control}
            className="field__input"
            name="role"
            value={form.values.role}
            onChange={(event) => form.setValue('role', event.target.value as GrantableRole)}
          >
            {GRANTABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <SubmitButton pending={form.pending} pendingLabel="Inviting…">
        Invite
      </SubmitButton>
      <FormError message={form.formError} />
    </form>
  );
}

function PendingInvitation({
  slug,
  invitation,
  onWithdrawn,
}: {
  slug: string;
  invitation: Invitation;
  onWithdrawn: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withdraw = async () => {
    setPending(true);
    setError(null);
    const result = await withdrawInvitation(slug, invitation.id);
    if (!result.ok) {
      setPending(false);
      setError(result.error.message);
      return;
    }
    onWithdrawn();
  };
  return (
    <li className="member-list__item">
      <span className="member-list__name">{invitation.username}</span>
      <span className="member-list__role">{ROLE_LABELS[invitation.role]}</span>
      <span className="member-list__actions">
        <button
          className="button button--secondary button--small"
          type="button"
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={() => void withdraw()}
        >
          {pending ? 'Withdrawing…' : 'Withdraw'}
          <span className="visually-hidden"> the invitation to {invitation.username}</span>
        </button>
      </span>
      <FormError message={error} />
    </li>
  );
}
