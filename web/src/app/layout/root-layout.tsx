import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SIGNED_IN_HINT_ATTRIBUTE } from '../../../../contracts/session';
import { useViewer } from '../../features/auth';
import { NavigationProgress } from './navigation-progress';
import { PageNotice } from './page-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/** Every page: skip link, header, one <main>, footer. */
export function RootLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const lastPathname = useRef(pathname);

  // A new page should be announced and start at its content, as after a full page load. Focus
  // already inside the page (a field it focused itself) is left alone.
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    const main = mainRef.current;
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <SkipLink targetId="main" />
      <NavigationProgress />
      <SiteHeader />
      <main id="main" ref={mainRef} className="main" tabIndex={-1}>
        <PageNotice />
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
      <SignedInHintFollowsSession />
    </>
  );
}

/**
 * After hydration the page renders the session itself, but parts of it may still be the server's
 * HTML, kept until React takes them over as the reader comes near (HydrateWhenNear): the hint
 * goes on choosing their signed-in or visitor layout, so it follows the session from now on (set
 * on sign-in, gone on logout) instead of going with hydration. Components render the hint's
 * classes only while the session is not known, so nothing else depends on it.
 * A component of its own, so that the session changing renders it again, not the whole page.
 */
function SignedInHintFollowsSession() {
  const viewer = useViewer();
  useEffect(() => {
    if (viewer.known) document.documentElement.toggleAttribute(SIGNED_IN_HINT_ATTRIBUTE, viewer.status);
  }, [viewer.known, viewer.status]);
  return null;
}
