import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { MODERATION_REASON_MAX, type TargetKind } from '../../../../../contracts/moderation';
import { TextField } from '../../../components/ui/text-field';
import { deleteTarget, moderateTarget } from '../api/admin';
import { idFrom, postIdFrom } from '../target-reference';
import { useAdminAction } from '../use-paged-list';
import { AdminStatus } from './admin-status';

const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../components/ui/confirm-dialog')).ConfirmDialog,
}));

type Action = 'hide' | 'restore' | 'delete';

/** The form's buttons: each submits it with its own value. */
const ACTIONS: { value: Action; label: string }[] = [
  { value: 'hide', label: 'Hide' },
  { value: 'restore', label: 'Restore' },
  { value: 'delete', label: 'Delete…' },
];

/**
 * Acting on any post or comment, reported or not: paste a post's link (or id) or a comment's id,
 * give a reason for the audit log, then hide, restore or delete it.
 */
export function ModerateByLink({ onDone }: { onDone: () => void }) {
  const headingId = useId();
  const [kind, setKind] = useState<TargetKind>('post');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  const action = useAdminAction();

  const targetId = () => (kind === 'post' ? postIdFrom(reference) : idFrom(reference));

  const perform = async (chosen: Action, id: string) => {
    const done = await action.run(chosen, () =>
      chosen === 'delete'
        ? deleteTarget(kind, id)
        : moderateTarget(kind, id, chosen, reason.trim() || undefined),
    );
    if (done) {
      setConfirmingDelete(null);
      setReference('');
      setReason('');
      onDone();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const chosen = (submitter instanceof HTMLButtonElement ? submitter.value : 'hide') as Action;
    const id = targetId();
    if (id === null) {
      setFieldError(kind === 'post' ? "Paste a post's link or id" : "Paste a comment's id");
      return;
    }
    setFieldError(undefined);
    if (chosen === 'delete') setConfirmingDelete(id);
    else void perform(chosen, id);
  };

  return (
    <section className="admin-subsection" aria-labelledby={headingId}>
      <h3 className="admin-subsection__title" id={headingId}>
        Act on any post or comment
      </h3>
      <form className="form admin-form" noValidate onSubmit={onSubmit}>
        <fieldset className="admin__segmented">
          <legend className="choice-group__legend">It is a</legend>
          {(['post', 'comment'] as const).map((option) => (
            <label key={option} className="admin__segment">
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              <span>{option === 'post' ? 'Post' : 'Comment'}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={kind === 'post' ? 'Link or id of the post' : 'Id of the comment'}
          name="target"
          value={reference}
          onValueChange={setReference}
          error={fieldError}
          autoComplete="off"
        />
        <TextField
          label="Reason (kept in the audit log, optional)"
          name="reason"
          value={reason}
          maxLength={MODERATION_REASON_MAX}
          onValueChange={setReason}
          autoComplete="off"
        />
        <div className="admin-card__actions">
          {ACTIONS.map(({ value, label }) => (
            <button
              key={value}
              className={
                value === 'delete' ? 'button button--secondary admin__danger' : 'button button--secondary'
              }
              type="submit"
              value={value}
              disabled={action.pending !== null}
            >
              {label}
            </button>
          ))}
        </div>
      </form>
      <AdminStatus message={action.message} error={confirmingDelete ? null : action.error} />
      {confirmingDelete ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={`Delete this ${kind}?`}
            confirmLabel="Delete"
            pendingLabel="Deleting…"
            pending={action.pending !== null}
            error={action.error}
            onConfirm={() => void perform('delete', confirmingDelete)}
            onCancel={() => setConfirmingDelete(null)}
          >
            <p>
              It will be deleted for good{kind === 'post' ? ', with its discussion' : ', with its replies'}.
              Hiding it instead can be undone.
            </p>
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </section>
  );
}
