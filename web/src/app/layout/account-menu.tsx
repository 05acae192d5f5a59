import { useDispatch } from 'react-redux';
import { useLocation } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { useMenuButton } from '../../components/ui/use-menu-button';
import type { AuthUser } from '../../features/auth/auth-slice';
import { isKnownOperator, knownHandle } from '../../features/auth/operator-status';
import { profilePath } from '../../lib/paths';
import { manageSeriesPath } from '../../features/series';
import { endSession } from '../../features/auth/session';
import { signedOutByReader } from '../../features/auth/session-notice-slice';
import { AppLink } from '../../components/ui/app-link';

interface MenuLink {
  to: string;
  label: string;
}

/** The menu's page links, in order (specification §2, with Publications, Series and Favorites added, then Admin for an operator). */
export function accountMenuLinks(user: AuthUser, isOperator = false): MenuLink[] {
  return [
    {
      to: user.id ? profilePath({ id: user.id, handle: knownHandle(user.id) }) : '/profile',
      label: 'Your Profile',
    },
    { to: '/publications', label: 'Publications' },
    { to: manageSeriesPath(), label: 'Series' },
    { to: '/userupdate', label: 'Settings' },
    // The spec's second popover (Avatar, Favorites) had nothing to open it; its one destination
    // lives here, where the reader already looks for their own things.
    { to: '/favorites', label: 'Favorites' },
    ...(isOperator ? [{ to: '/admin', label: 'Admin' }] : []),
  ];
}

/**
 * Specification §2: the avatar (the account's picture, or its initial) opens a menu with the username, the links and Logout. Follows the
 * WAI-ARIA menu button pattern: arrows move, Escape closes and returns focus, Tab or a click
 * elsewhere closes.
 */
export function AccountMenu({ user }: { user: AuthUser }) {
  const menu = useMenuButton();
  const dispatch = useDispatch();
  const location = useLocation();

  const logout = () => {
    menu.close(false);
    // Specification §4 reloads the page after logout. A page that needs an account leaves for the
    // list: its guard does that, told by this mark, the moment the session ends.
    dispatch(signedOutByReader(location.key));
    endSession(dispatch);
    document.getElementById('main')?.focus();
  };

  return (
    <div className="account-menu" ref={menu.containerRef}>
      <button
        ref={menu.buttonRef}
        className="account-menu__button"
        type="button"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? menu.menuId : undefined}
        aria-label={`Account menu for ${user.username || 'you'}`}
        onClick={menu.toggle}
        onKeyDown={menu.onButtonKeyDown}
      >
        {/*
         * The account's picture when it has one (decision 0086), else the initial of specification
         * §2; decorative either way, since the button's label names the account. Its 32 px box is
         * the placeholder's, so nothing moves when it appears or changes.
         */}
        <Avatar name={user.username} picture={user.avatar?.picture} image={user.avatar?.image} size="sm" />
      </button>
      {menu.open ? (
        <div className="account-menu__popover">
          <p className="account-menu__user">
            <span className="account-menu__caption">Signed in as</span>
            <strong className="account-menu__name">{user.username}</strong>
          </p>
          <ul
            className="account-menu__list"
            id={menu.menuId}
            role="menu"
            aria-label="Account"
            ref={menu.menuRef}
            onKeyDown={menu.onMenuKeyDown}
          >
            {accountMenuLinks(user, isKnownOperator(user.id)).map((link) => (
              <li key={link.to} role="none">
                <AppLink
                  className="menu-item"
                  role="menuitem"
                  tabIndex={-1}
                  to={link.to}
                  onClick={() => menu.close(false)}
                >
                  {link.label}
                </AppLink>
              </li>
            ))}
            <li className="account-menu__separator" role="separator" />
            <li role="none">
              <button className="menu-item" role="menuitem" tabIndex={-1} type="button" onClick={logout}>
                Logout
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
