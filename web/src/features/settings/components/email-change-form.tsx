import { useState } from 'react';
import { emailChangeSchema } from '../../../../../contracts/auth';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { requestEmailChange } from '../api/account';
import { SettingsSection } from '../../../components/ui/settings-section';

/** Asks for a new address; it takes effect only once the link sent there is opened. */
export function EmailChangeForm({ currentEmail }: { currentEmail: string | null }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm({
    schema: emailChangeSchema,
    initialValues: { email: '', currentPassword: '' },
    submit: async (input) => {
      const result = await requestEmailChange(input);
      if (!result.ok) return result.error;
      setSent(result.data.message);
      return null;
    },
  });

  return (
    <SettingsSection
      title="Email address"
      lead={
        currentEmail
          ? `You sign in with ${currentEmail}. A new address is used once you confirm it from that address.`
          : 'A new address is used once you confirm it from that address.'
      }
    >
      {sent ? (
        <Notice>{sent}</Notice>
      ) : (
        <>
          <form className="form" noValidate onSubmit={form.onSubmit}>
            <TextField
              label="New email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={form.values.email}
              onValueChange={(value) => form.setValue('email', value)}
              error={form.errors.email}
            />
            <TextField
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={form.values.currentPassword}
              onValueChange={(value) => form.setValue('currentPassword', value)}
              error={form.errors.currentPassword}
            />
            <SubmitButton pending={form.pending} pendingLabel="Sending…">
              Send confirmation link
            </SubmitButton>
          </form>
          <FormError message={form.formError} />
        </>
      )}
    </SettingsSection>
  );
}
