import { useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { NO_RESPONSE_MESSAGE } from '../../../lib/api-client';
import type { EmailDraft, EmailPreview } from '../api/newsletter-settings';
import './email-preview-actions.css';

/**
 * The dialog (and its styles) is its own chunk, fetched with the preview at the first "Preview
 * email": a writer who never asks for it never loads it (the writing page's first load, decision 43).
 */
type DialogModule = typeof import('./email-preview-dialog');
let dialogModule: DialogModule | undefined;
let dialogLoading: Promise<DialogModule> | undefined;
function loadDialog(): Promise<DialogModule> {
  dialogLoading ??= import('./email-preview-dialog').then(
    (module) => (dialogModule = module),
    (error: unknown) => {
      // Offline: the next click asks again.
      dialogLoading = undefined;
      throw error;
    },
  );
  return dialogLoading;
}

/** The routes' calls, fetched at the first click like the dialog (the subscribers page shares them). */
const newsletterApi = () => import('../api/newsletter-settings');

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
    const draft = readDraft();
    // The dialog's code comes alongside the server's answer; the button says it is preparing
    // until both are here, so the dialog opens at once, with its focus where it belongs.
    const [result] = await Promise.all([
      newsletterApi().then(
        (api) => api.previewNewsletterEmail(list, draft),
        () => null,
      ),
      loadDialog().catch(() => undefined),
    ]);
    setPending(null);
    if (result && !result.ok) setOutcome({ kind: 'failed', message: result.error.message });
    else if (!result || !dialogModule) setOutcome({ kind: 'failed', message: NO_RESPONSE_MESSAGE });
    else setPreview(result.data);
  };

  const sendTest = async () => {
    setPending('test');
    setOutcome(null);
    const draft = readDraft();
    const result = await newsletterApi().then(
      (api) => api.sendTestEmail(list, draft),
      () => null,
    );
    setPending(null);
    setOutcome(
      !result
        ? { kind: 'failed', message: NO_RESPONSE_MESSAGE }
        : result.ok
          ? { kind: 'sent', to: result.data.to }
          : { kind: 'failed', message: result.error.message },
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
      {preview && dialogModule ? (
        <dialogModule.EmailPreviewDialog
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
