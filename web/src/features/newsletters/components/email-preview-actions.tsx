import { useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import {
  previewNewsletterEmail,
  sendTestEmail,
  type EmailDraft,
  type EmailPreview,
} from '../api/newsletter-settings';
import { EmailPreviewDialog } from './email-preview-dialog';
import './email-preview.css';

type Outcome = { kind: 'sent'; to: string } | { kind: 'failed'; message: string } | null;

/**
 * "Preview email" and "Send a test email to me" on the writing page (specification §7, decision
 * 61): both send the title and Markdown the page holds now, saved or not, so what the writer sees
 * is what publishing would send. The server allows the list's owner and editors; anyone else gets
 * its refusal said here.
 */
export function EmailPreviewActions({
  list,
  readDraft,
  disabled,
}: {
  /** The list the post goes to (a publication's address, or the writer's id for their blog). */
  list: string;
  /** The title and Markdown as they are at the moment of the click. */
  readDraft: () => EmailDraft;
  disabled: boolean;
}) {
  const previewButton = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState<'preview' | 'test' | null>(null);
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const showPreview = async () => {
    setPending('preview');
    setOutcome(null);
    const result = await previewNewsletterEmail(list, readDraft());
    setPending(null);
    if (result.ok) setPreview(result.data);
    else setOutcome({ kind: 'failed', message: result.error.message });
  };

  const sendTest = async () => {
    setPending('test');
    setOutcome(null);
    const result = await sendTestEmail(list, readDraft());
    setPending(null);
    setOutcome(
      result.ok ? { kind: 'sent', to: result.data.to } : { kind: 'failed', message: result.error.message },
    );
  };

  const busy = disabled || pending !== null;
  return (
    <div className="email-preview-actions">
      <div className="email-preview-actions__buttons">
        <button
          ref={previewButton}
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          aria-busy={pending === 'preview' || undefined}
          onClick={() => void showPreview()}
        >
          {pending === 'preview' ? <Spinner /> : null}
          <span>{pending === 'preview' ? 'Preparing the preview…' : 'Preview email'}</span>
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          aria-busy={pending === 'test' || undefined}
          onClick={() => void sendTest()}
        >
          {pending === 'test' ? <Spinner /> : null}
          <span>{pending === 'test' ? 'Sending…' : 'Send a test email to me'}</span>
        </button>
      </div>
      <p className="email-preview-actions__status" role="status">
        {outcome?.kind === 'sent' ? `Test email sent to ${outcome.to}.` : null}
      </p>
      {outcome?.kind === 'failed' ? (
        <p className="form-error" role="alert">
          {outcome.message}
        </p>
      ) : null}
      {preview ? (
        <EmailPreviewDialog
          preview={preview}
          onClose={() => {
            setPreview(null);
            previewButton.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
