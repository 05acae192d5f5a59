import { useId } from 'react';
import type { NewsletterChoice } from '../../drafts';

const CHOICES: { value: NewsletterChoice; label: string; hint: string }[] = [
  { value: 'email', label: 'Publish and email', hint: 'Your subscribers get the post in their inbox.' },
  { value: 'web', label: 'Publish on the web only', hint: 'No email is sent.' },
  {
    value: 'email-only',
    label: 'Email only',
    hint: 'Subscribers get it; it stays off your blog, feeds, topics and search, reachable only by its link.',
  },
];

/**
 * Whether Publish (or Schedule) also emails the post to the subscribers (decision 61). Radio
 * buttons: arrow keys move between them, and Enter on one sends nothing (the form never submits).
 */
export function NewsletterChoiceControl({
  value,
  disabled,
  onChange,
}: {
  /** null: none checked yet (the list's default is being read). */
  value: NewsletterChoice | null;
  disabled: boolean;
  onChange: (choice: NewsletterChoice) => void;
}) {
  const name = useId();
  return (
    <fieldset className="editor-newsletter" disabled={disabled}>
      <legend>When it is published</legend>
      {CHOICES.map((choice) => (
        <label key={choice.value} className="editor-newsletter__choice">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>
            {choice.label}
            <span className="editor-newsletter__hint"> · {choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
