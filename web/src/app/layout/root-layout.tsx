import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SIGNED_IN_HINT_ATTRIBUTE } from '../../../../contracts/session';
import { useHydrated } from '../../lib/use-hydrated';
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
      <SignedInHintRemoval />
    </>
  );
}

/**
 * The page now renders the session itself; the hint that stood in for it before hydration goes.
 * A component of its own, so that hydration ending renders it again, not the layout and the whole
 * page inside it.
 */
function SignedInHintRemoval() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.removeAttribute(SIGNED_IN_HINT_ATTRIBUTE);
  }, [hydrated]);
  return null;
}
