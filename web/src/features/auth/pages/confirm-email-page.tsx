import { useDispatch } from 'react-redux';
import { confirmEmail } from '../api/recovery';
import { EmailedLinkAction } from '../components/emailed-link-action';
import { applyAccountUpdate } from '../session';
import { useSession } from '../use-session';

/** /confirm-email?token=: the link sent to a new address. */
export function ConfirmEmailPage() {
  const dispatch = useDispatch();
  const { userData } = useSession();
  return (
    <EmailedLinkAction
      title="Confirm your new email"
      lead="Use this address to sign in to Inkwell from now on."
      act={(token) => confirmEmail({ token })}
      actionLabel="Confirm this address"
      pendingLabel="Confirming…"
      onDone={(data) => {
        // Confirming ended every session of the account; this browser, if it was signed in to it,
        // keeps its own with the new token.
        if (data.jwt && userData) {
          applyAccountUpdate(dispatch, { token: data.jwt, username: userData.username, userId: userData.id });
        }
        return `${data.message} You now sign in with ${data.email}.`;
      }}
      next={{ text: 'All set.', linkText: 'Go to the posts', to: '/allblog' }}
    />
  );
}
