import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The WAI-ARIA menu button pattern, shared by the avatar menu and the post's three-dot menu:
 * Enter, Space or the arrows open it (ArrowUp at the last item), arrows, Home and End move and
 * wrap, Escape closes and gives focus back to the button, Tab or a click elsewhere closes it.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  // Which item gets focus when the menu opens: the last one when opened with ArrowUp.
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

  const toggle = () => (open ? close(false) : openMenu('first'));

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
        // Let focus move on to the next control on the page; the menu just gets out of the way.
        close(false);
        break;
    }
  };

  return { open, containerRef, buttonRef, menuRef, menuId, toggle, close, onButtonKeyDown, onMenuKeyDown };
}
