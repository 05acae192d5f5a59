import { useEffect, useRef } from 'react';

/**
 * After the reader asks for more items with a button, focus moves to the first new one, so
 * keyboard and screen-reader users carry on where the new items begin instead of at the button.
 * `focusable` picks the element inside each list item to focus.
 */
export function useFocusNewItems(count: number, focusable: string) {
  const listRef = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || count <= index) return;
    focusFrom.current = null;
    listRef.current?.children[index]?.querySelector<HTMLElement>(focusable)?.focus();
  }, [count, focusable]);

  return {
    listRef,
    /** Call when more items were requested: the item at today's count gets focus once it arrives. */
    onMoreRequested: () => {
      focusFrom.current = count;
    },
  };
}
