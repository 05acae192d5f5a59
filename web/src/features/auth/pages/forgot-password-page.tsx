import { useState } from 'react';
import { forgotPasswordSchema } from '../../../../../contracts/auth';
import { PageHead } from '../../../lib/head/page-head';
import { FormError } from '../../../components/ui/form-error';
import { FormFooter } from '../../../components/ui/form-footer';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { requestPasswordReset } from '../api/recovery';
import { AuthCard } from '../components/auth-card';

/** /forgot-password: asks for a reset link. The answer never says whether the address is registered. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm({
    schema: forgotPasswordSchema,
    initialValues: { email: '' },
    submit: async (input) => {
      const result = await requestPasswordReset(input);
      if (!result.ok) return result.error;
      setSent(result.data.message);
      return null;
    },
  });

  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter your email and we will send you a link to choose a new one."
    >
      <PageHead title="Forgot your password?" noindex />
      {sent ? (
        <Notice>{sent}</Notice>
      ) : (
        <>
          <form className="form" noValidate onSubmit={form.onSubmit}>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={form.values.email}
              onValueChange={(value) => form.setValue('email', value)}
              error={form.errors.email}
            />
            <SubmitButton pending={form.pending} pendingLabel="Sending…">
              Send reset link
            </SubmitButton>
          </form>
          <FormError message={form.formError} />
        </>
      )}
      <FormFooter text="Remembered it?" linkText="Sign in" to="/signin" />
    </AuthCard>
  );
}
