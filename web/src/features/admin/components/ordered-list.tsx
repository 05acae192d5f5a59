import type { ReactNode } from 'react';

export interface OrderedListProps<T> {
  items: T[];
  keyOf: (item: T) => string;
  /** The item's name in the buttons' labels: 'Move “Title” up'. */
  nameOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Saves the list in its new order (or without one item); disabled while a save runs. */
  onChange: (items: T[]) => void;
  busy: boolean;
}

/**
 * A list an operator puts in order (staff picks, testimonials): Up, Down and Remove on each item,
 * buttons rather than dragging, so it works by keyboard, by touch and with a screen reader.
 */
export function OrderedList<T>({ items, keyOf, nameOf, renderItem, onChange, busy }: OrderedListProps<T>) {
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <ol className="admin__list admin__ordered">
      {items.map((item, index) => (
        <li key={keyOf(item)} className="admin__item admin-card admin-card--ordered">
          <div className="admin-card__body">{renderItem(item)}</div>
          <div className="admin-card__order">
            <button
              className="button button--secondary admin__icon-button"
              type="button"
              disabled={busy || index === 0}
              aria-label={`Move “${nameOf(item)}” up`}
              onClick={() => move(index, -1)}
            >
              ↑
            </button>
            <button
              className="button button--secondary admin__icon-button"
              type="button"
              disabled={busy || index === items.length - 1}
              aria-label={`Move “${nameOf(item)}” down`}
              onClick={() => move(index, 1)}
            >
              ↓
            </button>
            <button
              className="button button--secondary admin__danger"
              type="button"
              disabled={busy}
              aria-label={`Remove “${nameOf(item)}”`}
              onClick={() => onChange(items.filter((other) => other !== item))}
            >
              Remove
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
