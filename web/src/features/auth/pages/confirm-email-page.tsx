import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router';
import { PageHead } from '../../../lib/head/page-head';
import { FormError } from '../../../components/ui/form-error';
import { FormFooter } from '../../../components/ui/form-footer';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useHydrated } from '../../../lib/use-hydrated';
import { confirmEmail } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import { applyAccountUpdate } from '../session';
import { useSession } from '../use-session';

/**
 * /confirm-email?token=: the link sent to a new address. Confirming takes a click rather than
 * happening on load, so a mail scanner that opens links cannot use it up.
 */
export function ConfirmEmailPage() {
  const dispatch = useDispatch();
  const { userData } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Before hydration a click would do nothing, so the button waits for the app.
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onConfirm = async () => {
    setPending(true);
    setError(null);
    const result = await confirmEmail({ token });
    setPending(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    // Confirming ended every session of the account; this browser, if it was signed in to it,
    // keeps its own with the new token.
    if (result.data.jwt && userData) {
      applyAccountUpdate(dispatch, {
        token: result.data.jwt,
        username: userData.username,
        userId: userData.id,
      });
    }
    setDone(`${result.data.message} You now sign in with ${result.data.email}.`);
  };

  return (
    <AuthCard title="Confirm your new email" lead="Use this address to sign in to Inkwell from now on.">
      <PageHead title="Confirm your new email" noindex />
      {done ? (
        <>
          <Notice>{done}</Notice>
          <FormFooter text="All set." linkText="Go to the posts" to="/allblog" />
        </>
      ) : (
        <>
          <button
            className="button button--primary button--block"
            type="button"
            disabled={!hydrated || pending}
            aria-busy={pending || undefined}
            onClick={() => void onConfirm()}
          >
            {pending ? <Spinner /> : null}
            <span>{pending ? 'Confirming…' : 'Confirm this address'}</span>
          </button>
          <FormError message={error} />
        </>
      )}
    </AuthCard>
  );
}
