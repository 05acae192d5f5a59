import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { useHydrated } from '../../../lib/use-hydrated';
import { endSession } from '../../auth/session';
import { showSessionNotice } from '../../auth/session-notice-slice';
import { signOutEverywhere } from '../api/account';
import { SettingsSection } from './settings-section';

/** Ends every session of the account, this one included; the guard then shows the sign-in page. */
export function SignOutEverywhere() {
  const dispatch = useDispatch();
  // Before hydration a click would do nothing, so the button waits for the app.
  const hydrated = useHydrated();
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
      <button
        className="button button--secondary button--block"
        type="button"
        disabled={!hydrated || pending}
        aria-busy={pending || undefined}
        onClick={() => void onClick()}
      >
        {pending ? <Spinner /> : null}
        <span>{pending ? 'Signing out…' : 'Sign out everywhere'}</span>
      </button>
      <FormError message={error} />
    </SettingsSection>
  );
}
