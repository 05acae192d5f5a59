import { useLayoutEffect, useRef } from 'react';
import type { SlashMenuState } from '../extensions/slash-command';
import './slash-menu.css';

export interface SlashMenuProps {
  state: SlashMenuState;
  activeIndex: number;
  onHover: (index: number) => void;
}

/**
 * The `/` menu: a listbox under the caret. The caret stays in the text (the editor keeps focus and
 * hands ↑/↓/Enter/Escape to the menu), so screen readers follow the active option through
 * aria-activedescendant on the editor.
 */
export function SlashMenu({ state, activeIndex, onHover }: SlashMenuProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const activeId = `slash-menu-option-${activeIndex}`;

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // Placed through the CSSOM: the CSP refuses style attributes in markup.
    const rect = state.rect;
    const top = rect ? rect.bottom + 6 : 0;
    const left = rect ? Math.max(8, Math.min(rect.left, window.innerWidth - list.offsetWidth - 8)) : 0;
    list.style.top = `${top}px`;
    list.style.left = `${left}px`;
    list.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [state.rect, activeIndex]);

  useLayoutEffect(() => {
    const editorBody = document.querySelector('.block-editor__body');
    if (!editorBody) return;
    editorBody.setAttribute('aria-controls', 'slash-menu');
    editorBody.setAttribute('aria-activedescendant', activeId);
    return () => {
      editorBody.removeAttribute('aria-controls');
      editorBody.removeAttribute('aria-activedescendant');
    };
  }, [activeId]);

  if (state.items.length === 0) {
    return (
      <ul ref={listRef} id="slash-menu" className="slash-menu" role="listbox" aria-label="Insert a block">
        <li className="slash-menu__empty" role="option" aria-selected="false" aria-disabled="true">
          No block matches
        </li>
      </ul>
    );
  }

  return (
    <ul ref={listRef} id="slash-menu" className="slash-menu" role="listbox" aria-label="Insert a block">
      {state.items.map((item, index) => (
        <li
          key={item.id}
          id={`slash-menu-option-${index}`}
          role="option"
          aria-selected={index === activeIndex}
          className={index === activeIndex ? 'slash-menu__item slash-menu__item--active' : 'slash-menu__item'}
          // Keeps the caret in the editor: the click must not take focus away first.
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onHover(index)}
          onClick={() => state.choose(item)}
        >
          <span className="slash-menu__label">{item.label}</span>
          {item.shortcut ? <kbd className="slash-menu__shortcut">{item.shortcut.trim()}</kbd> : null}
        </li>
      ))}
    </ul>
  );
}
