import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useCopy } from '../../../components/ui/use-copy';

export interface ShownOnceProps {
  /** Says what this is and that it will not be shown again; also the field's accessible name. */
  title: string;
  value: string;
  /** How to use it, under the field. */
  usage: ReactNode;
  doneLabel: string;
  onDone: () => void;
}

/**
 * A secret the server shows only once (a new API key, a webhook's signing secret). Focused and
 * selected at once, so it can be copied with the keyboard too, with a Copy button beside it.
 */
export function ShownOnce({ title, value, usage, doneLabel, onDone }: ShownOnceProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const { status: copied, copy } = useCopy(value, inputRef);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  return (
    <div className="shown-once" role="group" aria-labelledby={labelId}>
      <p className="shown-once__title" id={labelId}>
        {title}
      </p>
      <div className="shown-once__row">
        <input
          ref={inputRef}
          className="field__input shown-once__value"
          readOnly
          value={value}
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
      <p className="shown-once__usage">{usage}</p>
      <button className="button button--secondary" type="button" onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}
