import { useId, useState } from 'react';

export interface ScheduleControlProps {
  disabled: boolean;
  pending: boolean;
  /** The time a scheduled post is already set for. */
  initial: string | null;
  onSchedule: (publishAtIso: string) => void;
}

/** `YYYY-MM-DDTHH:mm` in the writer's own time zone, as <input type="datetime-local"> wants it. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Schedule: a date and time in the writer's time zone, sent as an ISO instant (the
 * post appears everywhere at that time). "Schedule…" opens the field; a time in the past is refused
 * here with a message, before the server would.
 */
export function ScheduleControl({ disabled, pending, initial, onSchedule }: ScheduleControlProps) {
  const id = useId();
  const [open, setOpen] = useState(initial !== null);
  const [value, setValue] = useState(() => (initial ? localInputValue(new Date(initial)) : ''));
  const [error, setError] = useState<string | null>(null);

  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        Schedule…
      </button>
    );
  }

  const schedule = () => {
    const when = new Date(value);
    if (!value || Number.isNaN(when.getTime())) {
      setError('Choose a date and time');
      return;
    }
    if (when.getTime() <= Date.now()) {
      setError('Choose a time in the future');
      return;
    }
    setError(null);
    onSchedule(when.toISOString());
  };

  return (
    <div className="editor-schedule">
      <label htmlFor={id}>Publish on</label>
      <input
        id={id}
        type="datetime-local"
        value={value}
        min={localInputValue(new Date())}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setValue(event.target.value)}
        // Enter here means Schedule, the field's own button, never the form's Publish.
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          if (!disabled) schedule();
        }}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <button type="button" className="button button--secondary" disabled={disabled} onClick={schedule}>
        {pending ? 'Scheduling…' : 'Schedule'}
      </button>
    </div>
  );
}
