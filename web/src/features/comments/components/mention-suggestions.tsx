import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { HandleSuggestion } from '../../../../../contracts/handles';
import { suggestHandles } from '../api/suggest-handles';
import './mention-suggestions.css';

/** `@` and the letters typed so far, right before the caret (not inside a word or an email address). */
const TYPED_MENTION = /(?:^|[^\p{L}\p{N}_@.])@([\p{L}\p{N}_]{1,30})$/u;
/** Wait this long after a keystroke before asking: a fast typist asks once for the word. */
const ASK_AFTER_MS = 120;

interface Typed {
  /** Where the `@` is in the text. */
  start: number;
  /** Where the caret is (the end of the typed letters). */
  end: number;
  prefix: string;
}

function typedMention(text: string, caret: number): Typed | null {
  const match = TYPED_MENTION.exec(text.slice(0, caret));
  const prefix = match?.[1];
  if (prefix === undefined) return null;
  return { start: caret - prefix.length - 1, end: caret, prefix };
}

/**
 * The comment box's `@` suggestions (docs/decisions/0051-handles.md): the WAI-ARIA combobox pattern
 * on the textarea, with a listbox of people whose handle or name starts with what follows the `@`.
 * ArrowDown and ArrowUp move, Enter or Tab picks (`@handle ` replaces what was typed), Escape
 * closes. While the list is open those keys belong to it, so Enter never sends the form; closed,
 * the box is a plain textarea.
 */
export function useMentionSuggestions({
  postId,
  value,
  setValue,
  field,
}: {
  postId: string;
  value: string;
  setValue: (value: string) => void;
  /** The textarea, for the caret. */
  field: () => HTMLTextAreaElement | null;
}) {
  const listId = useId();
  const [typed, setTyped] = useState<Typed | null>(null);
  const [people, setPeople] = useState<{ prefix: string; list: HandleSuggestion[] }>({
    prefix: '',
    list: [],
  });
  const [active, setActive] = useState(0);
  /** Escape closes the list until something else is typed. */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const caretAfter = useRef<number | null>(null);

  const key = typed ? `${typed.start}:${typed.prefix}` : null;
  const shown = typed !== null && key !== dismissed && people.prefix === typed.prefix ? people.list : [];
  const open = shown.length > 0;

  useEffect(() => {
    if (typed === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void suggestHandles(typed.prefix, postId, controller.signal).then((result) => {
        if (!result.ok) return;
        setPeople({ prefix: typed.prefix, list: result.data.response });
        setActive(0);
      });
    }, ASK_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed?.prefix, postId]); // eslint-disable-line react-hooks/exhaustive-deps -- asked again only when the letters change

  // After a pick, the caret goes after the inserted `@handle `.
  useLayoutEffect(() => {
    const at = caretAfter.current;
    if (at === null) return;
    caretAfter.current = null;
    field()?.setSelectionRange(at, at);
  }, [value, field]);

  function follow(text: string) {
    const caret = field()?.selectionStart ?? text.length;
    setTyped(typedMention(text, caret));
  }

  function pick(person: HandleSuggestion) {
    if (typed === null) return;
    const inserted = `@${person.handle} `;
    const rest = value.slice(typed.end).replace(/^ /, '');
    caretAfter.current = typed.start + inserted.length;
    setValue(value.slice(0, typed.start) + inserted + rest);
    setTyped(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    const count = shown.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      // The list's, never the form's: no newline, no submit, no leaving the box.
      event.preventDefault();
      const person = shown[Math.min(active, count - 1)];
      if (person) pick(person);
    } else if (event.key === 'Escape') {
      // Closes the list only; a dialog around the form stays open.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(key);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  // A combobox only while it offers someone: HTML allows no role on a textarea (axe's
  // aria-allowed-role), so closed, the box is the plain textbox it always was.
  const comboboxProps = open
    ? ({
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-controls': listId,
        'aria-expanded': true,
        'aria-activedescendant': optionId(Math.min(active, shown.length - 1)),
      } as const)
    : {};
  const fieldProps = {
    ...comboboxProps,
    onKeyDown,
    // The caret moves with clicks and arrows too: what is before it decides.
    onSelect: () => follow(field()?.value ?? value),
    onBlur: () => setTyped(null),
  } as const;

  const listbox = (
    <ul
      className="mention-suggestions"
      id={listId}
      role="listbox"
      aria-label="People to mention"
      hidden={!open}
    >
      {shown.map((person, index) => (
        <li
          key={person.id}
          id={optionId(index)}
          className="mention-suggestions__option"
          role="option"
          aria-selected={index === active}
          // Keeps the focus in the box, so the pick lands where one was typing.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => pick(person)}
        >
          <span className="mention-suggestions__name">{person.username}</span>
          <span className="mention-suggestions__handle">@{person.handle}</span>
        </li>
      ))}
    </ul>
  );

  return { fieldProps, listbox, follow };
}
