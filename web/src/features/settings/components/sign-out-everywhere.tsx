import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { FormError } from '../../../components/ui/form-error';
import { PendingButton } from '../../../components/ui/pending-button';
import { endSession } from '../../auth';
import { showSessionNotice } from '../../auth';
import { signOutEverywhere } from '../api/account';
import { SettingsSection } from '../../../components/ui/settings-section';

/** Ends every session of the account, this one included; the guard then shows the sign-in page. */
export function SignOutEverywhere() {
  const dispatch = useDispatch();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onClick = async () => {
    setPending(true);
    setError(null);
    const result = await signOutEverywhere();
    if (!result.ok) {
      setPending(false);
      setError(result.error.message);
      return;
    }
    dispatch(showSessionNotice(result.data.message));
    endSession(dispatch);
  };

  return (
    <SettingsSection
      title="Sign out everywhere"
      lead="Ends your sessions on every device and browser, this one included. You can sign in again at once."
    >
      <PendingButton pending={pending} pendingLabel="Signing out…" onClick={() => void onClick()}>
        Sign out everywhere
      </PendingButton>
      <FormError message={error} />
    </SettingsSection>
  );
}
