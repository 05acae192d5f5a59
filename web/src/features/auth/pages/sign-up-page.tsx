import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router';
import { PASSWORD_MIN, signUpSchema } from '../../../../../contracts/auth';
import { proposeHandle } from '../../../../../contracts/handles';
import { PageHead } from '../../../lib/head/page-head';
import { FormError } from '../../../components/ui/form-error';
import { FormFooter } from '../../../components/ui/form-footer';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { withNext } from '../../../lib/safe-next-path';
import { useZodForm } from '../../../lib/use-zod-form';
import { signUp } from '../api/sign-up';
import { AuthCard } from '../components/auth-card';
import { startSession } from '../session';

/** /signup. On success the GuestOnly guard moves on to `next` or /allblog. */
export function SignUpPage() {
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  // The handle follows the name (the server's own proposal) until the person types one.
  const [handleEdited, setHandleEdited] = useState(false);
  const form = useZodForm({
    schema: signUpSchema,
    initialValues: { username: '', email: '', password: '', handle: '' },
    submit: async (input) => {
      // An untouched proposal is left to the server, which adds a number if it is taken.
      const { handle, ...rest } = input;
      const result = await signUp(handleEdited && handle ? { ...rest, handle } : rest);
      if (!result.ok) return result.error;
      startSession(dispatch, {
        token: result.data.jwt,
        // Specification §7 reads only jwt and userId from this answer; the name typed is the name saved.
        username: result.data.username || input.username,
        userId: result.data.userId,
      });
      return null;
    },
  });

  const proposal = form.values.username.trim() ? proposeHandle(form.values.username) : '';

  return (
    <AuthCard title="Join Inkwell" lead="Create an account to write, follow writers and join the discussion.">
      <PageHead
        title="Sign up"
        description="Create an Inkwell account to publish your own posts."
        canonicalPath="/signup"
      />
      <form className="form" noValidate onSubmit={form.onSubmit}>
        <TextField
          label="Name"
          name="username"
          autoComplete="username"
          value={form.values.username}
          onValueChange={(value) => form.setValue('username', value)}
          error={form.errors.username}
        />
        <TextField
          label="Handle"
          name="handle"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="Lowercase letters, digits and _. People mention you as @handle; a number is added if the proposal is taken."
          value={handleEdited ? form.values.handle : proposal}
          onValueChange={(value) => {
            setHandleEdited(true);
            form.setValue('handle', value);
          }}
          error={form.errors.handle}
        />
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
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          error={form.errors.password}
        />
        <SubmitButton pending={form.pending} pendingLabel="Signing up…">
          Sign up
        </SubmitButton>
      </form>
      <FormError message={form.formError} />
      <FormFooter
        text="Already have an account?"
        linkText="Sign in"
        to={withNext('/signin', params.get('next'))}
      />
    </AuthCard>
  );
}
