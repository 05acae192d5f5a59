import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useMatches, useNavigate } from 'react-router';
import { AvatarInitial } from '../../components/ui/avatar-initial';
import type { AuthUser } from '../../features/auth/auth-slice';
import { endSession } from '../../features/auth/session';
import { requiresAccount } from '../route-handle';

interface MenuLink {
  to: string;
  label: string;
}

/**
 * The menu's page links, in order (SPEC §2). Issue 4 adds Favorites (the spec's second popover,
 * Avatar and Favorites) as one more entry here.
 */
export function accountMenuLinks(user: AuthUser): MenuLink[] {
  return [
    {
      to: user.id ? `/profile?${new URLSearchParams({ userId: user.id })}` : '/profile',
      label: 'Your Profile',
    },
    { to: '/userupdate', label: 'Settings' },
    // The spec's second popover (Avatar, Favorites) had nothing to open it; its one destination
    // lives here, where the reader already looks for their own things.
    { to: '/favorites', label: 'Favorites' },
  ];
}

/**
 * SPEC §2: the avatar initial opens a menu with the username, the links and Logout. Follows the
 * WAI-ARIA menu button pattern: arrows move, Escape closes and returns focus, Tab or a click
 * elsewhere closes.
 */
export function AccountMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  // Which item gets focus when the menu opens: the last one when opened with ArrowUp.
  const [initialFocus, setInitialFocus] = useState<'first' | 'last'>('first');
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const matches = useMatches();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (initialFocus === 'last' ? list[list.length - 1] : list[0])?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open, initialFocus]);

  const openMenu = (focus: 'first' | 'last') => {
    setInitialFocus(focus);
    setOpen(true);
  };

  const closeMenu = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        closeMenu(true);
        break;
      case 'Tab':
        // Let focus move on to the next control on the page; the menu just gets out of the way.
        closeMenu(false);
        break;
    }
  };

  const logout = async () => {
    setOpen(false);
    // SPEC §4 reloads the page after logout; a page that needs an account cannot be shown any
    // more, so leave it for the list first (its guard would otherwise ask to sign in again).
    if (requiresAccount(matches.map((match) => match.handle))) await navigate('/allblog');
    endSession(dispatch);
    document.getElementById('main')?.focus();
  };

  return (
    <div className="account-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        className="account-menu__button"
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${user.username || 'you'}`}
        onClick={() => (open ? closeMenu(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <AvatarInitial name={user.username} size="sm" />
      </button>
      {open ? (
        <div className="account-menu__popover">
          <p className="account-menu__user">
            <span className="account-menu__caption">Signed in as</span>
            <strong className="account-menu__name">{user.username}</strong>
          </p>
          <ul
            className="account-menu__list"
            id={menuId}
            role="menu"
            aria-label="Account"
            ref={menuRef}
            onKeyDown={onMenuKeyDown}
          >
            {accountMenuLinks(user).map((link) => (
              <li key={link.to} role="none">
                <Link
                  className="account-menu__item"
                  role="menuitem"
                  tabIndex={-1}
                  to={link.to}
                  onClick={() => setOpen(false)}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li className="account-menu__separator" role="separator" />
            <li role="none">
              <button
                className="account-menu__item"
                role="menuitem"
                tabIndex={-1}
                type="button"
                onClick={() => void logout()}
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
