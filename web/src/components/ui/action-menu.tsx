import { useMenuButton } from './use-menu-button';
import './action-menu.css';
import { AppLink } from './app-link';

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

/** A three-dot menu button (specification §2's read page menu); keyboard behaviour from useMenuButton. */
export function ActionMenu({ label, items }: ActionMenuProps) {
  const menu = useMenuButton();

  return (
    <div className="action-menu" ref={menu.containerRef}>
      <button
        ref={menu.buttonRef}
        className="action-menu__button"
        type="button"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? menu.menuId : undefined}
        aria-label={label}
        onClick={menu.toggle}
        onKeyDown={menu.onButtonKeyDown}
      >
        <DotsIcon />
      </button>
      {menu.open ? (
        <ul
          className="action-menu__list"
          id={menu.menuId}
          role="menu"
          aria-label={label}
          ref={menu.menuRef}
          onKeyDown={menu.onMenuKeyDown}
        >
          {items.map((item) => {
            const className = item.tone === 'danger' ? 'menu-item action-menu__item--danger' : 'menu-item';
            return (
              <li key={item.id} role="none">
                {'to' in item ? (
                  <AppLink
                    className={className}
                    role="menuitem"
                    tabIndex={-1}
                    to={item.to}
                    onClick={() => menu.close(false)}
                  >
                    {item.label}
                  </AppLink>
                ) : (
                  <button
                    className={className}
                    role="menuitem"
                    tabIndex={-1}
                    type="button"
                    onClick={() => {
                      // Focus goes back to the button first, so an action that opens a dialog
                      // returns focus there when the dialog closes.
                      menu.close(true);
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
