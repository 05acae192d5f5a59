import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchPath, suggestionOptions, type SuggestionOption } from '../suggestion-options';
import { useSuggestions } from '../use-suggestions';
import '../../../components/ui/suggestion-list.css';
import './header-search.css';

/** Whether a key press is someone typing: then '/' is a character, not the shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]') !== null;
}

/**
 * The header's search box: a form that works without JavaScript (GET /search?q=),
 * '/' to reach it from anywhere but a text field, and suggestions while typing as an ARIA 1.2
 * combobox: arrows move through them, Enter opens the chosen one or searches, Escape closes.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(open ? text : '');
  const options = text.trim() === '' ? [] : suggestionOptions(text, suggestions);
  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;

  // A new page closes the list (the reader chose something, or went elsewhere).
  const [shownFor, setShownFor] = useState(location.key);
  if (shownFor !== location.key) {
    setShownFor(location.key);
    setOpen(false);
    setActive(-1);
  }

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const go = (option: SuggestionOption) => {
    setOpen(false);
    setActive(-1);
    if (option.kind !== 'search') setText('');
    inputRef.current?.blur();
    void navigate(option.to);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (activeOption) return go(activeOption);
    if (text.trim() === '') return;
    setOpen(false);
    void navigate(searchPath(text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const count = options.length;
      setActive((index) =>
        event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1,
      );
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text !== '') {
        event.preventDefault();
        setText('');
      }
    }
  };

  return (
    <form
      className="header-search"
      role="search"
      aria-label="Search Inkwell"
      action="/search"
      method="get"
      onSubmit={onSubmit}
    >
      <label className="visually-hidden" htmlFor={`${listId}-input`}>
        Search posts
      </label>
      <SearchIcon />
      <input
        ref={inputRef}
        id={`${listId}-input`}
        className="header-search__input"
        type="search"
        name="q"
        placeholder="Search"
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
        aria-keyshortcuts="/"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <kbd className="header-search__key" aria-hidden="true">
        /
      </kbd>
      <ul
        id={listId}
        className="suggestion-list header-search__list"
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
      >
        {expanded
          ? options.map((option, index) => (
              <li
                key={option.id}
                id={`${listId}-${option.id}`}
                className={`suggestion-list__option suggestion-list__option--${option.kind}`}
                role="option"
                aria-selected={index === active}
                // Chosen on pointer down: a click would first blur the input and close the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(option);
                }}
                onMouseMove={() => setActive(index)}
              >
                <span>{option.label}</span>
                {option.detail ? <span className="suggestion-list__muted">{option.detail}</span> : null}
              </li>
            ))
          : null}
      </ul>
    </form>
  );
}

function SearchIcon() {
  return (
    <svg
      className="icon header-search__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="m16 16 4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
