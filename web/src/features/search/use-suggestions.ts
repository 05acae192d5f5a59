import { useEffect, useState } from 'react';
import { SUGGEST_MIN_CHARS, type SearchSuggestions } from '../../../../contracts/search';
import { getSuggestions } from './api/get-suggestions';

/** Typing pauses this long before asking: one request per pause, not one per key. */
export const SUGGEST_DEBOUNCE_MS = 200;

/**
 * Suggestions for what is typed: asked after a pause in typing, and each new text
 * aborts the request for the text before it, so an old answer never replaces a newer one.
 * Too short a text suggests nothing.
 */
export function useSuggestions(text: string): SearchSuggestions | null {
  const [answer, setAnswer] = useState<{ text: string; suggestions: SearchSuggestions } | null>(null);
  const wanted = text.trim();
  const tooShort = [...wanted].length < SUGGEST_MIN_CHARS;

  useEffect(() => {
    if (tooShort) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      void getSuggestions(wanted, controller.signal).then((result) => {
        if (result.ok && !controller.signal.aborted)
          setAnswer({ text: wanted, suggestions: result.data.response });
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, tooShort]);

  if (tooShort) return null;
  // Until the new answer arrives, the last one stays (the list does not flicker while typing).
  return answer?.suggestions ?? null;
}
