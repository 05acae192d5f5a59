import { useId, useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookCreateSchema,
  type CreatedWebhook,
  type WebhookEvent,
} from '../../../../../contracts/webhooks';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { firstMessages, validate, type FormErrors } from '../../../lib/validate';
import { createWebhook } from '../api/webhooks';

/**
 * Adds a hook: an address and the events it wants. The same contract schema as the server checks
 * the form first; the server's own refusals (a private address, a duplicate) land under the field
 * they are about.
 */
export function WebhooksCreateForm({ onCreated }: { onCreated: (hook: CreatedWebhook) => void }) {
  const eventsErrorId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const toggle = (event: WebhookEvent, on: boolean) => {
    setEvents((current) => (on ? [...current, event] : current.filter((item) => item !== event)));
    if (errors.events) setErrors(({ events: _fixed, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const checked = validate(webhookCreateSchema, { url, events });
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(null);
      focusFirstInvalid(form, checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    const result = await createWebhook(checked.data);
    setPending(false);
    if (!result.ok) {
      // `events.0` and the like belong to the events fieldset.
      const fieldErrors = firstMessages(result.error.fieldErrors);
      const byField: FormErrors = {};
      for (const [field, message] of Object.entries(fieldErrors))
        byField[field.split('.')[0] ?? field] ??= message;
      setErrors(byField);
      setFormError(result.error.message);
      focusFirstInvalid(form, byField);
      return;
    }
    setUrl('');
    setEvents([...WEBHOOK_EVENTS]);
    onCreated(result.data.response);
  };

  return (
    <form className="form webhooks-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label="Payload URL"
        name="url"
        type="text"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="https://example.com/inkwell-hook"
        hint="Events are sent here as JSON, with a signature you can check."
        value={url}
        onValueChange={(value) => {
          setUrl(value);
          if (errors.url) setErrors(({ url: _fixed, ...rest }) => rest);
        }}
        error={errors.url}
      />
      <fieldset
        className="choice-group"
        data-field="events"
        aria-invalid={errors.events ? true : undefined}
        aria-describedby={errors.events ? eventsErrorId : undefined}
      >
        <legend className="choice-group__legend">Events to send</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <label className="choice" key={name}>
            <input
              type="checkbox"
              name="events"
              value={name}
              checked={events.includes(name)}
              onChange={(change) => toggle(name, change.target.checked)}
            />
            <span>
              <code className="webhooks__event-name">{name}</code>
              <span className="webhooks__event-label">{WEBHOOK_EVENT_LABELS[name]}</span>
            </span>
          </label>
        ))}
        {errors.events ? (
          <p className="field__error" id={eventsErrorId}>
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <SubmitButton pending={pending} pendingLabel="Adding…">
        Add webhook
      </SubmitButton>
      <FormError message={formError} />
    </form>
  );
}

/** Moves focus to the first field with a message, so keyboard and screen-reader users land on it. */
function focusFirstInvalid(form: HTMLFormElement, errors: FormErrors): void {
  if (errors.url) {
    form.querySelector<HTMLInputElement>('input[name="url"]')?.focus();
  } else if (errors.events) {
    form.querySelector<HTMLInputElement>('input[name="events"]')?.focus();
  }
}
