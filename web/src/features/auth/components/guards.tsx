import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageHead } from '../../../lib/head/page-head';
import { Skeleton } from '../../../components/ui/skeleton';
import { safeNextPath, withNext } from '../../../lib/safe-next-path';
import { useViewer } from '../use-viewer';
import { selectPageNotice, selectSessionNotice, selectSignedOutAt } from '../session-notice-slice';

/**
 * /signin and /signup: a signed-in user is sent on, to `next` or /allblog. This is also how the
 * forms leave after success (they only start the session), so exactly one place decides where a
 * fresh sign-in lands and two navigations never race.
 */
export function GuestOnly() {
  const viewer = useViewer();
  const [params] = useSearchParams();
  if (viewer.status) return <Navigate replace to={safeNextPath(params.get('next')) ?? '/allblog'} />;
  return <Outlet />;
}

export interface RequireAccountProps {
  /** Specification §2 sends a would-be writer to /signup; difference 3 from the specification sends the rest to /signin. */
  redirectTo: '/signin' | '/signup';
}

/**
 * Difference 3 from the specification: a real guard, which brings the visitor back here after signing in. The session
 * lives in the browser, so the server sends the page's skeleton and the browser decides.
 */
export function RequireAccount({ redirectTo }: RequireAccountProps) {
  const viewer = useViewer();
  const sessionEnded = useSelector(selectSessionNotice) !== null;
  const pageNotice = useSelector(selectPageNotice);
  const signedOutAt = useSelector(selectSignedOutAt);
  const location = useLocation();
  if (!viewer.known) return <PrivatePageSkeleton />;
  if (!viewer.status) {
    // The account is gone (deleted): its notice has a page of its own, and there is nothing to
    // sign in to, so no /signin?next=… either.
    if (pageNotice) return <Navigate replace to={pageNotice.showOn} />;
    // Specification §4 reloads the page after Logout; this page cannot be shown any more, and its
    // reader just chose to leave, so the list, not a sign-in form.
    if (signedOutAt === location.key) return <Navigate replace to="/allblog" />;
    // Someone whose session just ended has an account: sign-in (which says why) fits, not sign-up.
    const target = sessionEnded ? '/signin' : redirectTo;
    return <Navigate replace to={withNext(target, location.pathname + location.search)} />;
  }
  return <Outlet />;
}

/** What the server sends for a page only its signed-in reader may see. */
function PrivatePageSkeleton() {
  return (
    <div className="page page--narrow" aria-busy="true">
      <PageHead noindex />
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <div aria-hidden="true">
        <Skeleton className="skeleton--heading" />
        <Skeleton className="skeleton--line" />
        <Skeleton className="skeleton--line" />
        <Skeleton className="skeleton--line skeleton--w-60" />
      </div>
    </div>
  );
}
