import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { signInSchema } from '../../../../../contracts/auth';
import { PageHead } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';
import { FormError } from '../../../components/ui/form-error';
import { FormFooter } from '../../../components/ui/form-footer';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { withNext } from '../../../lib/safe-next-path';
import { useZodForm } from '../../../lib/use-zod-form';
import { signIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { startSession } from '../session';
import { clearSessionNotice, selectSessionNotice } from '../session-notice-slice';

/** /signin. On success the GuestOnly guard moves on to `next` or /allblog. */
export function SignInPage() {
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  // Shown for this visit only: read once, then cleared so it does not greet a later visit.
  const storedNotice = useSelector(selectSessionNotice);
  const [notice] = useState(storedNotice);
  useEffect(() => {
    if (storedNotice !== null) dispatch(clearSessionNotice());
  }, [storedNotice, dispatch]);

  const form = useZodForm({
    schema: signInSchema,
    initialValues: { email: '', password: '' },
    submit: async (input) => {
      const result = await signIn(input);
      if (!result.ok) return result.error;
      // Difference 2 from the specification: the name goes under `username`, the key the header reads.
      startSession(dispatch, {
        token: result.data.jwt,
        username: result.data.username,
        userId: result.data.id,
      });
      return null;
    },
  });

  return (
    <AuthCard title="Welcome back" lead="Sign in to write, follow writers and join the discussion.">
      <PageHead
        title="Sign in"
        description="Sign in to Inkwell to write, follow writers and join the discussion."
        canonicalPath="/signin"
      />
      {notice ? <Notice>{notice}</Notice> : null}
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
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          error={form.errors.password}
        />
        <SubmitButton pending={form.pending} pendingLabel="Signing in…">
          Sign In
        </SubmitButton>
      </form>
      <FormError message={form.formError} />
      <p className="form-footer">
        <AppLink to="/forgot-password">Forgot your password?</AppLink>
      </p>
      <FormFooter
        text="Don't have an account?"
        linkText="Sign up"
        to={withNext('/signup', params.get('next'))}
      />
    </AuthCard>
  );
}
