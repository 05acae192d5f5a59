import { useId } from 'react';
import { useDispatch } from 'react-redux';
import { deleteAccountSchema, FORMER_MEMBER_NAME } from '../../../../../contracts/auth';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { endSession } from '../../auth';
import { showSessionNotice } from '../../auth';
import { deleteAccount } from '../api/account';
import { SettingsSection } from '../../../components/ui/settings-section';
import { AppLink } from '../../../components/ui/app-link';
import { subscribersPath } from '../../subscribers';

const CHOICES = [
  { value: 'delete', label: 'Delete my posts and comments too' },
  { value: 'keep', label: `Keep my posts and comments, signed "${FORMER_MEMBER_NAME}"` },
] as const;

/** Deletes the account once its password is typed, with the choice of what happens to its writing. */
export function DeleteAccountForm() {
  const dispatch = useDispatch();
  const errorId = useId();
  const form = useZodForm({
    schema: deleteAccountSchema,
    initialValues: { content: '', password: '' },
    submit: async (input) => {
      const result = await deleteAccount(input);
      if (!result.ok) return result.error;
      // Shown once on the all-posts page, where the guard of this page sends the reader.
      dispatch(showSessionNotice(result.data.message, '/allblog'));
      endSession(dispatch);
      return null;
    },
  });
  const contentError = form.errors.content;

  return (
    <SettingsSection
      title="Delete account"
      lead="Your account, favorites and follows are removed for good. This cannot be undone."
    >
      <p className="settings-section__lead">
        Your blog&apos;s newsletter subscribers and your own email subscriptions go too.{' '}
        <AppLink to={subscribersPath()}>Export your subscribers</AppLink> first to keep them.
      </p>
      <form className="form" noValidate onSubmit={form.onSubmit}>
        <fieldset
          className="choice-group"
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? errorId : undefined}
        >
          <legend className="choice-group__legend">Your posts and comments</legend>
          {CHOICES.map((choice) => (
            <label className="choice" key={choice.value}>
              <input
                type="radio"
                name="content"
                value={choice.value}
                checked={form.values.content === choice.value}
                onChange={() => form.setValue('content', choice.value)}
              />
              <span>{choice.label}</span>
            </label>
          ))}
          {contentError ? (
            <p className="field__error" id={errorId}>
              {contentError}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          hint="Type your password to confirm."
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          error={form.errors.password}
        />
        <SubmitButton pending={form.pending} pendingLabel="Deleting…">
          Delete my account
        </SubmitButton>
      </form>
      <FormError message={form.formError} />
    </SettingsSection>
  );
}
