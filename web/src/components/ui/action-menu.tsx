import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import './action-menu.css';

interface ItemBase {
  /** Stable identity; the label may change (Add to favorites ↔ Remove from favorites). */
  id: string;
  label: string;
  tone?: 'danger';
}

export type ActionMenuItem = (ItemBase & { onSelect: () => void }) | (ItemBase & { to: string });

export interface ActionMenuProps {
  /** The button's accessible name, e.g. 'More actions for this post'. */
  label: string;
  items: ActionMenuItem[];
}

function DotsIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="1.75" fill="currentColor" />
      <circle cx="12" cy="12" r="1.75" fill="currentColor" />
      <circle cx="19" cy="12" r="1.75" fill="currentColor" />
    </svg>
  );
}

/**
 * A three-dot menu button (SPEC §2's read page menu), following the WAI-ARIA menu button pattern:
 * Enter, Space or the arrows open it, arrows, Home and End move, Escape closes and gives focus back
 * to the button, Tab or a click elsewhere closes it.
 */
export function ActionMenu({ label, items }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const [initialFocus, setInitialFocus] = useState<'first' | 'last'>('first');
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const menuItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = menuItems();
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

  const close = (returnFocus: boolean) => {
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
    const list = menuItems();
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
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className="action-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        className="action-menu__button"
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <DotsIcon />
      </button>
      {open ? (
        <ul
          className="action-menu__list"
          id={menuId}
          role="menu"
          aria-label={label}
          ref={menuRef}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => {
            const className =
              item.tone === 'danger' ? 'action-menu__item action-menu__item--danger' : 'action-menu__item';
            return (
              <li key={item.id} role="none">
                {'to' in item ? (
                  <Link
                    className={className}
                    role="menuitem"
                    tabIndex={-1}
                    to={item.to}
                    onClick={() => setOpen(false)}
                  >
                    {item.label}
                  </Link>
                ) : (
                  <button
                    className={className}
                    role="menuitem"
                    tabIndex={-1}
                    type="button"
                    onClick={() => {
                      // Focus goes back to the button first, so an action that opens a dialog
                      // returns focus there when the dialog closes.
                      close(true);
                      item.onSelect();
                    }}
                  >
                    {item.label}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
