import { lazy, Suspense } from 'react';
import { EditIcon } from '../../components/ui/icons';
import { useViewer } from '../../features/auth/use-viewer';
import { HeaderSearch } from '../../features/search/components/header-search';
import { AccountMenu } from './account-menu';
import { AppLink } from '../../components/ui/app-link';

/**
 * Only signed-in readers have a bell, so visitors (and the first load of every public page) do
 * not download it: the read page's first load is held to 150 KB (decision 12).
 */
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

/** The bell's place, the same size, while it loads or before the session is known. */
function BellPlaceholder({ className }: { className: string }) {
  return <span className={`nav-link notification-bell ${className}`.trim()} aria-hidden="true" />;
}

/** Specification §2, on every page: title, search, Write, then either Sign In and Get started or the avatar menu. */
export function SiteHeader() {
  const viewer = useViewer();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <AppLink className="brand" to="/allblog">
          Inkwell
        </AppLink>
        <HeaderSearch />
        <nav className="site-nav" aria-label="Main">
          {/* specification §5: a visitor who wants to write is sent to sign up first. */}
          <AppLink className="nav-link nav-link--write" to={viewer.status ? '/addblog' : '/signup'}>
            <EditIcon />
            <span className="nav-link__label">Write</span>
          </AppLink>
          {viewer.status ? (
            <Suspense fallback={<BellPlaceholder className="" />}>
              <NotificationBell />
            </Suspense>
          ) : null}
          {/* The bell's place while the session is not known yet, so the header does not move. */}
          {viewer.known ? null : <BellPlaceholder className="when-signed-in" />}
          {viewer.status ? (
            <AccountMenu user={viewer.user ?? { id: '', username: '' }} />
          ) : (
            <>
              {/*
               * Before the session is known (the server's HTML, hydration), a signed-in reader's
               * hint swaps the visitor's links for the avatar's round placeholder, so the header
               * neither flashes the wrong links nor moves when the menu appears.
               */}
              <AppLink className={viewer.known ? 'nav-link' : 'nav-link when-signed-out'} to="/signin">
                Sign In
              </AppLink>
              <AppLink
                className={
                  viewer.known
                    ? 'button button--primary button--small'
                    : 'button button--primary button--small when-signed-out'
                }
                to="/signup"
              >
                Get started
              </AppLink>
              {viewer.known ? null : (
                <span className="account-placeholder when-signed-in" aria-hidden="true" />
              )}
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
