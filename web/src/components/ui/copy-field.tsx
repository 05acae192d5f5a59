import { useRef } from 'react';
import { FieldFrame } from './field-frame';
import { useCopy } from './use-copy';
import './copy-field.css';

/** A value to copy somewhere else (a DNS record's name or value): read-only, with a Copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { status, copy } = useCopy(value, inputRef);
  return (
    <FieldFrame label={label}>
      {(control) => (
        <>
          <div className="copy-field">
            <input
              {...control}
              ref={inputRef}
              className="field__input copy-field__value"
              readOnly
              value={value}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button className="button button--secondary" type="button" onClick={() => void copy()}>
              Copy<span className="visually-hidden"> {label}</span>
            </button>
          </div>
          <p className="copy-field__status" role="status">
            {status}
          </p>
        </>
      )}
    </FieldFrame>
  );
}
