import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { normalizeTag, parseTagName, TAGS_PER_POST_MAX } from '../../../../../contracts/tag-rules';
import { addTags, typedLabel } from '../add-tags';
import { useTagSuggestions } from '../use-tag-suggestions';
import '../../../components/ui/suggestion-list.css';
import './tag-input.css';

export interface TagInputProps {
  /** The post's tags as typed (their labels: `C++`), in the writer's order; the server derives the addresses. */
  value: string[];
  onChange: (tags: string[]) => void;
  /** The server's word on the tags, shown under the field like any field error. */
  error?: string;
  label?: string;
}

interface Option {
  id: string;
  /** What the chip and the list show: an existing topic's own name, or the new one as typed. */
  tag: string;
  /** How many posts carry it already; absent for a new topic. */
  postCount?: number;
}

/**
 * A post's topics: type a tag and press Enter or a comma; existing topics are
 * suggested by their names as typed (`C++`) as an ARIA 1.2 combobox (arrows, Enter, Escape, or a
 * tap). Each tag is checked and compared by its address, the rule the server applies
 * (contracts/tags.ts): an existing topic keeps its name, a new one the writer's; at most five, no
 * duplicates, and what is refused says why under the field.
 */
export function TagInput({ value, onChange, error, label = 'Topics' }: TagInputProps) {
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const full = value.length >= TAGS_PER_POST_MAX;

  const suggestions = useTagSuggestions(text);
  const typed = parseTagName(text);
  const addresses = value.map(normalizeTag);
  const known = new Map(suggestions.map((tag) => [tag.name, tag.label]));
  const options: Option[] = suggestions
    .filter((tag) => !addresses.includes(tag.name))
    .map((tag) => ({ id: `${baseId}-tag-${tag.name}`, tag: tag.label, postCount: tag.postCount }));
  if (typed.ok && !addresses.includes(typed.tag) && !known.has(typed.tag))
    options.unshift({ id: `${baseId}-new`, tag: typedLabel(text) });
  const expanded = open && !full && text.trim() !== '' && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;

  /** Adds what was typed (split at commas), keeping any unfinished rest in the box. */
  const add = (entries: string[], rest = '') => {
    const result = addTags(value, entries, known);
    if (result.added.length > 0) {
      onChange(result.tags);
      setAnnouncement(`Added ${result.added.join(', ')}`);
    }
    setProblem(result.problem);
    // A refused entry stays in the box to be fixed; a duplicate or an added one goes.
    setText([...result.kept, rest].filter((part) => part !== '').join(', '));
    setActive(-1);
  };

  const remove = (tag: string) => {
    onChange(value.filter((existing) => existing !== tag));
    setAnnouncement(`Removed ${tag}`);
    setProblem(null);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',') {
      // Enter adds a tag here; it must not send the post.
      event.preventDefault();
      if (activeOption) add([activeOption.tag]);
      else if (text.trim() !== '') add([text]);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const count = options.length;
      setActive((index) =>
        event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1,
      );
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      remove(value[value.length - 1] ?? '');
    }
  };

  const shownError = problem ?? error;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;

  return (
    <div className="field tag-input">
      <label className="tag-input__label" htmlFor={`${baseId}-input`}>
        {label}
      </label>
      <div className="tag-input__combo">
        <div className="tag-input__box">
          <ul className="tag-input__chips" aria-label={`${label} of this post`}>
            {value.map((tag) => (
              <li key={tag} className="tag-input__chip">
                <span>{tag}</span>
                <button
                  className="tag-input__remove"
                  type="button"
                  aria-label={`Remove topic ${tag}`}
                  onClick={() => remove(tag)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <input
            ref={inputRef}
            id={`${baseId}-input`}
            className="tag-input__text"
            type="text"
            autoComplete="off"
            enterKeyHint="done"
            placeholder={full ? '' : value.length === 0 ? 'Add a topic' : 'Add another'}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={`${baseId}-list`}
            aria-activedescendant={activeOption?.id}
            aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
            aria-invalid={shownError ? true : undefined}
            value={text}
            onChange={(event) => {
              const typed = event.target.value;
              // A comma typed or pasted ends a tag, as Enter does.
              if (typed.includes(',')) {
                const parts = typed.split(',');
                const rest = parts.pop() ?? '';
                add(parts, rest);
              } else {
                setText(typed);
                setProblem(null);
              }
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
              // A tag typed but not yet added is not lost when the writer moves on.
              if (text.trim() !== '' && !full) add([text]);
            }}
            onKeyDown={onKeyDown}
          />
        </div>
        <ul
          id={`${baseId}-list`}
          className="suggestion-list"
          role="listbox"
          aria-label={`Suggested ${label.toLowerCase()}`}
          hidden={!expanded}
        >
          {expanded
            ? options.map((option, index) => (
                <li
                  key={option.id}
                  id={option.id}
                  className="suggestion-list__option"
                  role="option"
                  aria-selected={index === active}
                  // Chosen on pointer down: a click would first blur the input.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    add([option.tag]);
                  }}
                  onMouseMove={() => setActive(index)}
                >
                  <span>{option.tag}</span>
                  <span className="suggestion-list__muted">
                    {option.postCount === undefined
                      ? 'New topic'
                      : `${option.postCount.toLocaleString('en-US')} ${option.postCount === 1 ? 'post' : 'posts'}`}
                  </span>
                </li>
              ))
            : null}
        </ul>
      </div>
      <p id={hintId} className="tag-input__hint">
        Up to {TAGS_PER_POST_MAX} topics ({value.length} of {TAGS_PER_POST_MAX}). Press Enter or a comma to
        add one.
      </p>
      {shownError ? (
        <p id={errorId} className="field__error" role="alert">
          {shownError}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
