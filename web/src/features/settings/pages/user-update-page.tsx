import { useCallback, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import {
  PASSWORD_MIN,
  RECENT_SIGN_IN_MINUTES,
  userUpdateSchema,
  type Account,
} from '../../../../../contracts/auth';
import { PageHead } from '../../../lib/head/page-head';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { ApiKeys } from '../components/api-keys';
import { DeleteAccountForm } from '../components/delete-account-form';
import { EmailChangeForm } from '../components/email-change-form';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileLinksForm } from '../components/profile-links-form';
import { ProfilePictureForm } from '../components/profile-picture-form';
import { ExportData } from '../components/export-data';
import { PublicationsLink } from '../components/publications-link';
import { StatsLink } from '../components/stats-link';
import { CommentSettingsSection } from '../components/comment-settings';
import { SignOutEverywhere } from '../components/sign-out-everywhere';
import { SocialWebLink } from '../components/social-web-link';
import { WebhooksSection } from '../components/webhooks-section';
import { SubscribersLink } from '../../subscribers';
import { getCurrentUser } from '../../auth';
import { updateUser } from '../../auth';
import { AuthCard } from '../../auth';
import { applyAccountUpdate } from '../../auth';
import { useSession } from '../../auth';
import '../settings.css';

/** /userupdate, behind RequireAccount. On success: new token and name stored, then own profile. */
export function UserUpdatePage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { userData } = useSession();
  const [email, setEmail] = useState<string | null>(null);
  const [handle, setHandle] = useState<string | null>(null);
  const [account, setAccount] = useState<Account | null>(null);
  // Bumped when the picture changes: the Profile form starts again from the stored address.
  const [pictureVersion, setPictureVersion] = useState(0);
  const loadAccount = useCallback(() => {
    // The header's picture follows each read of the account (decision 0086).
    void getCurrentUser(dispatch).then((result) => {
      if (!result.ok) return;
      const { email: current, handle: currentHandle } = result.data.response;
      setEmail(current);
      setHandle(currentHandle);
      setAccount(result.data.response);
    });
  }, [dispatch]);
  useEffect(loadAccount, [loadAccount]);

  const form = useZodForm({
    schema: userUpdateSchema,
    initialValues: { username: '', handle: '', password: '', currentPassword: '' },
    submit: async (input) => {
      const result = await updateUser(input);
      if (!result.ok) return result.error;
      const userId = result.data.id || userData?.id || '';
      applyAccountUpdate(dispatch, { token: result.data.jwt, username: result.data.username, userId });
      // A new handle is the menu's new profile address.
      if (input.handle !== undefined) void getCurrentUser(dispatch);
      void navigate(`/profile?${new URLSearchParams({ userId }).toString()}`);
      return null;
    },
  });

  return (
    <AuthCard
      title="Settings"
      lead="Change your username, your password, or both. Leave a field empty to keep it as it is."
    >
      <PageHead title="Settings" noindex />
      {userData?.username ? (
        <p className="auth-card__meta">
          Signed in as <strong>{userData.username}</strong>
        </p>
      ) : null}
      <form className="form" noValidate onSubmit={form.onSubmit}>
        <TextField
          label="New username"
          name="username"
          autoComplete="username"
          value={form.values.username}
          onValueChange={(value) => form.setValue('username', value)}
          error={form.errors.username}
        />
        <TextField
          label="New handle"
          name="handle"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={`${handle ? `Now @${handle}. ` : ''}Lowercase letters, digits and _: how people mention you.`}
          value={form.values.handle}
          onValueChange={(value) => form.setValue('handle', value)}
          error={form.errors.handle}
        />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters. Changing it signs you out on your other devices and emails you a notice.`}
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          error={form.errors.password}
        />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hint={`Needed to change your password if you signed in more than ${RECENT_SIGN_IN_MINUTES} minutes ago.`}
          value={form.values.currentPassword}
          onValueChange={(value) => form.setValue('currentPassword', value)}
          error={form.errors.currentPassword}
        />
        <SubmitButton pending={form.pending} pendingLabel="Updating…">
          Update
        </SubmitButton>
      </form>
      <FormError message={form.formError} />
      {account && userData?.id ? (
        <>
          <ProfilePictureForm
            name={account.username}
            initial={{ picture: account.picture, image: account.image }}
            onChange={() => {
              setPictureVersion((version) => version + 1);
              loadAccount();
            }}
          />
          <ProfileDetailsForm
            key={`${pictureVersion}-${account.image ?? ''}`}
            initial={{ bio: account.bio ?? '', image: account.image ?? '' }}
            userId={userData.id}
          />
          <ProfileLinksForm initial={account.links} />
        </>
      ) : null}
      <PublicationsLink />
      <StatsLink />
      <CommentSettingsSection />
      <SocialWebLink />
      <SubscribersLink />
      <EmailChangeForm currentEmail={email} />
      <SignOutEverywhere />
      <ExportData />
      <ApiKeys />
      <WebhooksSection />
      <DeleteAccountForm />
    </AuthCard>
  );
}
