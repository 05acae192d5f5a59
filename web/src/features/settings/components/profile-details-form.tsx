import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { BIO_MAX, profileDetailsSchema } from '../../../../../contracts/auth';
import { AppLink } from '../../../components/ui/app-link';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { getCurrentUser, updateUser } from '../../auth';
import { SettingsSection } from '../../../components/ui/settings-section';

/**
 * The bio and picture shown on the profile (and to RealWorld clients). Starts from what is stored,
 * so the page mounts it once the account has loaded; an emptied field clears it.
 */
export function ProfileDetailsForm({
  initial,
  userId,
}: {
  initial: { bio: string; image: string };
  userId: string;
}) {
  const [saved, setSaved] = useState(false);
  const dispatch = useDispatch();
  const form = useZodForm({
    schema: profileDetailsSchema,
    initialValues: initial,
    submit: async (input) => {
      const result = await updateUser(input);
      if (!result.ok) return result.error;
      setSaved(true);
      // A new picture address is the header's picture too (decision 0086).
      void getCurrentUser(dispatch);
      return null;
    },
  });

  return (
    <SettingsSection title="Profile" lead="What readers see about you on your profile, beside your name.">
      {saved ? (
        <Notice>
          Your profile is saved.{' '}
          <AppLink to={`/profile?${new URLSearchParams({ userId }).toString()}`}>See your profile</AppLink>
        </Notice>
      ) : (
        <>
          <form className="form" noValidate onSubmit={form.onSubmit}>
            <TextAreaField
              label="Bio"
              name="bio"
              hint={`A line or two about you (at most ${BIO_MAX.toLocaleString('en-US')} characters).`}
              value={form.values.bio}
              onValueChange={(value) => form.setValue('bio', value)}
              error={form.errors.bio}
              rows={3}
            />
            <TextField
              label="Picture"
              name="image"
              inputMode="url"
              autoComplete="photo"
              hint="The web address of a picture of you, starting with https://. An uploaded picture shows its own address here; another address replaces it."
              value={form.values.image}
              onValueChange={(value) => form.setValue('image', value)}
              error={form.errors.image}
            />
            <SubmitButton pending={form.pending} pendingLabel="Saving…">
              Save profile
            </SubmitButton>
          </form>
          <FormError message={form.formError} />
        </>
      )}
    </SettingsSection>
  );
}
