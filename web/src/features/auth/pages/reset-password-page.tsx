import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router';
import { PASSWORD_MIN, passwordSchema } from '../../../../../contracts/auth';
import { z } from '../../../../../contracts/zod';
import { PageHead } from '../../../lib/head/page-head';
import { FormError } from '../../../components/ui/form-error';
import { FormFooter } from '../../../components/ui/form-footer';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { resetPassword } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import { endSession } from '../session';
import { useSession } from '../use-session';

const newPasswordSchema = z.object({ password: passwordSchema });

/** /reset-password?token=: the emailed link. A new password ends every session, this browser's too. */
export function ResetPasswordPage() {
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status: signedIn } = useSession();
  const [done, setDone] = useState<string | null>(null);
  const form = useZodForm({
    schema: newPasswordSchema,
    initialValues: { password: '' },
    submit: async ({ password }) => {
      const result = await resetPassword({ token, password });
      if (!result.ok) return result.error;
      // The stored token was just revoked with every other.
      if (signedIn) endSession(dispatch);
      setDone(result.data.message);
      return null;
    },
  });

  return (
    <AuthCard title="Choose a new password" lead="The link in your email works once, for one hour.">
      <PageHead title="Choose a new password" noindex />
      {done ? (
        <>
          <Notice>{done}</Notice>
          <FormFooter text="Ready?" linkText="Sign in" to="/signin" />
        </>
      ) : (
        <>
          <form className="form" noValidate onSubmit={form.onSubmit}>
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN} characters.`}
              value={form.values.password}
              onValueChange={(value) => form.setValue('password', value)}
              error={form.errors.password}
            />
            <SubmitButton pending={form.pending} pendingLabel="Saving…">
              Save new password
            </SubmitButton>
          </form>
          <FormError message={form.formError} />
          <FormFooter text="Link expired?" linkText="Ask for a new one" to="/forgot-password" />
        </>
      )}
    </AuthCard>
  );
}
