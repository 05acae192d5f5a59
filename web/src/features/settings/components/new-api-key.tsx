import { useEffect, useId, useRef, useState } from 'react';
import type { CreatedApiKey } from '../../../../../contracts/api-keys';

/**
 * The secret of a key just created: the only time it is shown, since only its hash is kept. It is
 * focused and selected at once, so it can be copied with the keyboard too.
 */
export function NewApiKey({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [copied, setCopied] = useState<string>('');

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey.token);
      setCopied('Copied to the clipboard.');
    } catch {
      inputRef.current?.select();
      setCopied('Copying was refused by the browser: the key is selected, copy it with your keyboard.');
    }
  };

  return (
    <div className="new-api-key" role="group" aria-labelledby={labelId}>
      <p className="new-api-key__title" id={labelId}>
        Your new key “{apiKey.name}”. Copy it now: it will not be shown again.
      </p>
      <div className="new-api-key__row">
        <input
          ref={inputRef}
          className="field__input new-api-key__secret"
          readOnly
          value={apiKey.token}
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
      <p className="new-api-key__usage">
        Send it as <code>Authorization: Bearer {apiKey.hint}…</code>
      </p>
      <button className="button button--secondary" type="button" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
