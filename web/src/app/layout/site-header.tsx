import { EditIcon } from '../../components/ui/icons';
import { useViewer } from '../../lib/use-viewer';
import { AccountMenu } from './account-menu';
import { AppLink } from '../../components/ui/app-link';

/** SPEC §2, on every page: title, Write, then either Sign In and Get started or the avatar menu. */
export function SiteHeader() {
  const viewer = useViewer();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <AppLink className="brand" to="/allblog">
          Inkwell
        </AppLink>
        <nav className="site-nav" aria-label="Main">
          {/* SPEC §5: a visitor who wants to write is sent to sign up first. */}
          <AppLink className="nav-link nav-link--write" to={viewer.status ? '/addblog' : '/signup'}>
            <EditIcon />
            <span className="nav-link__label">Write</span>
          </AppLink>
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
