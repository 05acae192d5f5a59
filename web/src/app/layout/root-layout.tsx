import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { NavigationProgress } from './navigation-progress';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/** Every page: skip link, header, one <main>. */
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
        <Outlet />
      </main>
      <ScrollRestoration />
    </>
  );
}
