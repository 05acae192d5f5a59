import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { safeNextPath, withNext } from '../../../lib/safe-next-path';
import { selectSessionNotice } from '../session-notice-slice';
import { useSession } from '../use-session';

/**
 * /signin and /signup: a signed-in user is sent on, to `next` or /allblog. This is also how the
 * forms leave after success (they only start the session), so exactly one place decides where a
 * fresh sign-in lands and two navigations never race.
 */
export function GuestOnly() {
  const { status } = useSession();
  const [params] = useSearchParams();
  if (status) return <Navigate replace to={safeNextPath(params.get('next')) ?? '/allblog'} />;
  return <Outlet />;
}

export interface RequireAccountProps {
  /** SPEC §2 sends a would-be writer to /signup; PRODUCT fix 3 sends the rest to /signin. */
  redirectTo: '/signin' | '/signup';
}

/** PRODUCT fix 3: a real guard, which brings the visitor back here after signing in. */
export function RequireAccount({ redirectTo }: RequireAccountProps) {
  const { status } = useSession();
  const sessionEnded = useSelector(selectSessionNotice) !== null;
  const location = useLocation();
  if (!status) {
    // Someone whose session just ended has an account: sign-in (which says why) fits, not sign-up.
    const target = sessionEnded ? '/signin' : redirectTo;
    return <Navigate replace to={withNext(target, location.pathname + location.search)} />;
  }
  return <Outlet />;
}
