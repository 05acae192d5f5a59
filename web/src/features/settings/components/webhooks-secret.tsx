import { useEffect, useId, useRef, useState } from 'react';
import { WEBHOOK_SIGNATURE_HEADER, type CreatedWebhook } from '../../../../../contracts/webhooks';

/**
 * A new hook's signing secret: the only time it is shown. Like a new API key's, it is focused and
 * selected at once, so it can be copied with the keyboard too.
 */
export function WebhooksSecret({ hook, onDone }: { hook: CreatedWebhook; onDone: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [copied, setCopied] = useState('');

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hook.secret);
      setCopied('Copied to the clipboard.');
    } catch {
      inputRef.current?.select();
      setCopied('Copying was refused by the browser: the secret is selected, copy it with your keyboard.');
    }
  };

  return (
    <div className="webhooks__secret" role="group" aria-labelledby={labelId}>
      <p className="webhooks__secret-title" id={labelId}>
        Webhook added. Its signing secret is shown only this once: copy it now into the receiving server.
      </p>
      <div className="webhooks__secret-row">
        <input
          ref={inputRef}
          className="field__input webhooks__secret-value"
          readOnly
          value={hook.secret}
          aria-labelledby={labelId}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
        />
        <button className="button button--secondary" type="button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p className="settings-section__status" role="status">
        {copied}
      </p>
      <p className="webhooks__secret-usage">
        Each request carries <code>{WEBHOOK_SIGNATURE_HEADER}: t=…,v1=…</code>, the HMAC-SHA256 of the time, a
        dot and the body, keyed with this secret.
      </p>
      <button className="button button--secondary" type="button" onClick={onDone}>
        I have saved it
      </button>
    </div>
  );
}
