import { useEffect, useId, useRef, useState } from 'react';
import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_THANKS_MESSAGE,
  reportFormSchema,
  type TargetKind,
} from '../../../../../contracts/moderation';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { sendReport } from '../api/send-report';
import '../../../components/ui/choice-group.css';
import '../../../components/ui/confirm-dialog.css';
import './report-dialog.css';

export interface ReportDialogProps {
  target: { kind: TargetKind; id: string };
  /** Closes the dialog; focus goes back to what opened it. */
  onClose: () => void;
}

/**
 * A reader's report of a post or comment: a reason, an optional note, then thanks.
 * A native modal <dialog> like ConfirmDialog: the browser traps focus and closes it on Escape.
 * Loaded only when a reader asks to report, since it carries the validation library.
 */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorId = useId();
  const doneRef = useRef<HTMLButtonElement>(null);
  const [sent, setSent] = useState(false);
  const form = useZodForm({
    schema: reportFormSchema,
    initialValues: { reason: '', note: '' },
    submit: async (input) => {
      const result = await sendReport({
        target,
        reason: input.reason,
        ...(input.note ? { note: input.note } : {}),
      });
      if (!result.ok) return result.error;
      setSent(true);
      return null;
    },
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  const reasonError = form.errors.reason;
  const noun = target.kind === 'post' ? 'post' : 'comment';

  return (
    <dialog
      ref={ref}
      className="confirm-dialog report-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!form.pending || sent) onClose();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        Report this {noun}
      </h2>
      {sent ? (
        <>
          <p className="confirm-dialog__body" role="status">
            {REPORT_THANKS_MESSAGE}
          </p>
          <div className="confirm-dialog__actions">
            <button ref={doneRef} className="button button--primary" type="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <form className="form" noValidate onSubmit={form.onSubmit}>
          <p className="confirm-dialog__body">
            The operators of this site will look at it. The writer is not told who reported it.
          </p>
          <fieldset
            className="choice-group"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? errorId : undefined}
          >
            <legend className="choice-group__legend">Why are you reporting it?</legend>
            {REPORT_REASONS.map((reason) => (
              <label className="choice" key={reason}>
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  checked={form.values.reason === reason}
                  onChange={() => form.setValue('reason', reason)}
                />
                <span>{REPORT_REASON_LABELS[reason]}</span>
              </label>
            ))}
            {reasonError ? (
              <p className="field__error" id={errorId}>
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            label="Anything the operators should know? (optional)"
            name="note"
            rows={3}
            maxLength={REPORT_NOTE_MAX}
            value={form.values.note}
            onValueChange={(value) => form.setValue('note', value)}
            error={form.errors.note}
          />
          <FormError message={form.formError} />
          <div className="report-dialog__actions">
            <button
              className="button button--secondary"
              type="button"
              disabled={form.pending}
              onClick={onClose}
            >
              Cancel
            </button>
            <SubmitButton pending={form.pending} pendingLabel="Sending…">
              Send report
            </SubmitButton>
          </div>
        </form>
      )}
    </dialog>
  );
}
