import { Link } from 'react-router';
import { EditIcon } from '../../components/ui/icons';
import { useSession } from '../../features/auth/use-session';
import { AccountMenu } from './account-menu';

/** SPEC §2, on every page: title, Write, then either Sign In and Get started or the avatar menu. */
export function SiteHeader() {
  const { status, userData } = useSession();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="brand" to="/allblog">
          Inkwell
        </Link>
        <nav className="site-nav" aria-label="Main">
          {/* SPEC §5: a visitor who wants to write is sent to sign up first. */}
          <Link className="nav-link nav-link--write" to={status ? '/addblog' : '/signup'}>
            <EditIcon />
            <span className="nav-link__label">Write</span>
          </Link>
          {status ? (
            <AccountMenu user={userData ?? { id: '', username: '' }} />
          ) : (
            <>
              <Link className="nav-link" to="/signin">
                Sign In
              </Link>
              <Link className="button button--primary button--small" to="/signup">
                Get started
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
