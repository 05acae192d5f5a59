import { useDispatch } from 'react-redux';
import { undoChange } from '../api/recovery';
import { EmailedLinkAction } from '../components/emailed-link-action';
import { endSession } from '../session';
import { useSession } from '../use-session';

/** /undo-change?token=: the link in the notice of a password or email change. */
export function UndoChangePage() {
  const dispatch = useDispatch();
  const { status: signedIn } = useSession();
  return (
    <EmailedLinkAction
      title="Undo a change to your account"
      lead="If you did not change your password or email address, put back what it was. Every device is signed out."
      act={(token) => undoChange({ token })}
      actionLabel="Undo the change"
      pendingLabel="Undoing…"
      onDone={(data) => {
        // Every session of the account ended, perhaps this browser's too: sign in again to be sure.
        if (signedIn) endSession(dispatch);
        return data.message;
      }}
      next={{ text: 'Ready?', linkText: 'Sign in', to: '/signin' }}
    />
  );
}
