import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router';
import { PageHead } from '../../../lib/head/page-head';
import { FormError } from '../../../components/ui/form-error';
import { FormFooter } from '../../../components/ui/form-footer';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useHydrated } from '../../../lib/use-hydrated';
import { undoChange } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import { endSession } from '../session';
import { useSession } from '../use-session';

/**
 * /undo-change?token=: the link in the notice of a password or email change. Like confirming an
 * address, it takes a click, so a mail scanner that opens links cannot use it up.
 */
export function UndoChangePage() {
  const dispatch = useDispatch();
  const { status: signedIn } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onUndo = async () => {
    setPending(true);
    setError(null);
    const result = await undoChange({ token });
    setPending(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    // Every session of the account ended, perhaps this browser's too: sign in again to be sure.
    if (signedIn) endSession(dispatch);
    setDone(result.data.message);
  };

  return (
    <AuthCard
      title="Undo a change to your account"
      lead="If you did not change your password or email address, put back what it was. Every device is signed out."
    >
      <PageHead title="Undo a change to your account" noindex />
      {done ? (
        <>
          <Notice>{done}</Notice>
          <FormFooter text="Ready?" linkText="Sign in" to="/signin" />
        </>
      ) : (
        <>
          <button
            className="button button--primary button--block"
            type="button"
            disabled={!hydrated || pending}
            aria-busy={pending || undefined}
            onClick={() => void onUndo()}
          >
            {pending ? <Spinner /> : null}
            <span>{pending ? 'Undoing…' : 'Undo the change'}</span>
          </button>
          <FormError message={error} />
        </>
      )}
    </AuthCard>
  );
}
