import { useEffect, useId, useRef } from 'react';
import type { EmailPreview } from '../api/newsletter-settings';
import '../../../components/ui/confirm-dialog.css';
import './email-preview.css';

/**
 * The email as a subscriber would get it, in a native modal <dialog> (the browser traps focus and
 * closes it on Escape, which we route through `onClose` so focus goes back to the button).
 *
 * The HTML is the server's, made from the writer's Markdown, and shown in a sandboxed frame
 * without scripts. `allow-same-origin` is there only so this page can reach the frame's document:
 * a srcdoc frame inherits the app's Content-Security-Policy, which refuses `style` attributes, and
 * the email's styles are all inlined in them (mail programs drop <style>). They are applied again
 * through the CSSOM, which the policy allows. Links open in a new tab, outside the sandbox.
 */
export function EmailPreviewDialog({ preview, onClose }: { preview: EmailPreview; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    closeRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  // Closed here first: while the modal is open the page behind it is inert, and the caller's
  // button could not take focus back.
  const close = () => {
    ref.current?.close();
    onClose();
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog email-preview"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        Email preview
      </h2>
      <p className="email-preview__subject">
        <span className="email-preview__label">Subject: </span>
        {preview.subject}
      </p>
      <iframe
        className="email-preview__frame"
        title={`The email: ${preview.subject}`}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        srcDoc={`<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body>${preview.html}</body></html>`}
        onLoad={(event) => restyle(event.currentTarget)}
      />
      <details className="email-preview__text">
        <summary>Plain-text version</summary>
        <pre>{preview.text}</pre>
      </details>
      <div className="confirm-dialog__actions">
        <button ref={closeRef} className="button button--secondary" type="button" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}

/** Applies each element's `style` attribute through the CSSOM (see above). */
function restyle(frame: HTMLIFrameElement): void {
  const document = frame.contentDocument;
  if (!document) return;
  for (const element of document.querySelectorAll<HTMLElement>('[style]')) {
    element.style.cssText = element.getAttribute('style') ?? '';
  }
}
