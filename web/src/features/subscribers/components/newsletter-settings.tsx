import { useCallback, useId, useState } from 'react';
import { DEFAULT_DELIVERIES, type DefaultDelivery } from '../../../../../contracts/newsletters';
import { z } from '../../../../../contracts/zod';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useApiResource } from '../../../lib/use-api-resource';
import { useZodForm } from '../../../lib/use-zod-form';
import {
  getNewsletterSettings,
  saveNewsletterSettings,
  type NewsletterSettings,
  type SettingsFormInput,
} from '../../newsletters';

/**
 * The settings form keeps every field as text (empty: the default). Only its shape is checked here:
 * lengths and the Reply-To address are the server's rules, and its messages come back by field.
 * Here rather than beside the API calls: the writing page imports those, and Zod stays out of its
 * first load.
 */
const settingsFormSchema: z.ZodType<SettingsFormInput> = z.object({
  newsletterName: z.string(),
  senderName: z.string(),
  replyTo: z.string(),
  footer: z.string(),
  defaultDelivery: z.enum(DEFAULT_DELIVERIES),
});

const DELIVERIES: { value: DefaultDelivery; label: string; detail: string }[] = [
  {
    value: 'email',
    label: 'Email subscribers',
    detail: 'A new post goes to their inbox unless you choose otherwise when publishing.',
  },
  {
    value: 'web',
    label: 'Publish on the web only',
    detail: 'Nothing is emailed unless you choose "Publish and email" when publishing.',
  },
];

/**
 * The list's newsletter name, sender name, Reply-To, footer and default sending choice
 * (specification §7, decisions 61 and 65). Read and saved through the API, which allows the list's
 * owner and editors only: the subscribers page is theirs alone, so it shows this to whoever sees it.
 * After a save a fresh form starts from what the server stored (a form stays pending after its
 * success, see useZodForm), as the publication's details do.
 */
export function NewsletterSettingsSection({ list }: { list: string }) {
  const read = useCallback((signal: AbortSignal) => getNewsletterSettings(list, signal), [list]);
  const { resource, reload, update } = useApiResource(read);
  const [saved, setSaved] = useState(0);

  if (resource.status === 'loading') {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading the newsletter settings…
        </p>
        <Skeleton className="skeleton--line" />
        <Skeleton className="skeleton--line skeleton--w-60" />
      </div>
    );
  }
  if (resource.status === 'failed') {
    return <ErrorRetry message={resource.message} onRetry={() => void reload()} />;
  }
  return (
    <>
      {saved > 0 ? <Notice>Newsletter settings saved.</Notice> : null}
      <SettingsForm
        key={saved}
        list={list}
        settings={resource.value}
        onSaved={(next) => {
          update(() => next);
          setSaved((count) => count + 1);
        }}
      />
    </>
  );
}

function SettingsForm({
  list,
  settings,
  onSaved,
}: {
  list: string;
  settings: NewsletterSettings;
  onSaved: (saved: NewsletterSettings) => void;
}) {
  const deliveryName = useId();
  const deliveryErrorId = `${deliveryName}-error`;
  const form = useZodForm({
    schema: settingsFormSchema,
    initialValues: {
      newsletterName: settings.newsletterName ?? '',
      senderName: settings.senderName ?? '',
      replyTo: settings.replyTo ?? '',
      footer: settings.footer ?? '',
      defaultDelivery: settings.defaultDelivery as string,
    },
    submit: async (input) => {
      const result = await saveNewsletterSettings(list, input);
      if (!result.ok) return result.error;
      onSaved(result.data);
      return null;
    },
  });

  return (
    <form className="form newsletter-settings" noValidate onSubmit={form.onSubmit}>
      <TextField
        label="Newsletter name"
        name="newsletterName"
        maxLength={100}
        autoComplete="off"
        hint="How emails name the list. Empty: the blog's or publication's name."
        value={form.values.newsletterName}
        onValueChange={(value) => form.setValue('newsletterName', value)}
        error={form.errors.newsletterName}
      />
      <TextField
        label="Sender name"
        name="senderName"
        maxLength={100}
        autoComplete="off"
        hint="The name inboxes show as the sender. Empty: the blog's or publication's name."
        value={form.values.senderName}
        onValueChange={(value) => form.setValue('senderName', value)}
        error={form.errors.senderName}
      />
      <TextField
        label="Reply-To address"
        name="replyTo"
        type="email"
        inputMode="email"
        autoComplete="email"
        hint="Where readers' replies go. Empty: replies go to the instance's sending address."
        value={form.values.replyTo}
        onValueChange={(value) => form.setValue('replyTo', value)}
        error={form.errors.replyTo}
      />
      <TextAreaField
        label="Footer text"
        name="footer"
        rows={3}
        maxLength={1000}
        hint="Shown at the end of every email, above the unsubscribe line (at most 1,000 characters)."
        value={form.values.footer}
        onValueChange={(value) => form.setValue('footer', value)}
        error={form.errors.footer}
      />
      <fieldset
        className="choice-group"
        aria-invalid={form.errors.defaultDelivery ? true : undefined}
        aria-describedby={form.errors.defaultDelivery ? deliveryErrorId : undefined}
      >
        <legend className="choice-group__legend">When you publish</legend>
        {DELIVERIES.map((delivery) => (
          <label className="choice" key={delivery.value}>
            <input
              type="radio"
              name="defaultDelivery"
              value={delivery.value}
              checked={form.values.defaultDelivery === delivery.value}
              onChange={() => form.setValue('defaultDelivery', delivery.value)}
            />
            <span>
              {delivery.label}
              <span className="choice__detail">{delivery.detail}</span>
            </span>
          </label>
        ))}
        {form.errors.defaultDelivery ? (
          <p className="field__error" id={deliveryErrorId}>
            {form.errors.defaultDelivery}
          </p>
        ) : null}
      </fieldset>
      <SubmitButton pending={form.pending} pendingLabel="Saving…">
        Save newsletter settings
      </SubmitButton>
      <FormError message={form.formError} />
    </form>
  );
}
