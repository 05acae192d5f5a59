import { useEffect, useState } from 'react';
import { normalizeTag } from '../../../../contracts/tag-rules';
import type { TagSummary } from '../../../../contracts/tags';
import { getTags } from './api/get-tags';

const DEBOUNCE_MS = 200;
const SUGGESTED_TAGS = 8;

/**
 * Existing topics starting with what the writer typed, most used first: asked after a pause in
 * typing, each new text aborting the request for the one before it.
 */
export function useTagSuggestions(text: string): TagSummary[] {
  const prefix = normalizeTag(text);
  const [answer, setAnswer] = useState<{ prefix: string; tags: TagSummary[] } | null>(null);

  useEffect(() => {
    if (prefix === '') return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      void getTags(prefix, SUGGESTED_TAGS, controller.signal).then((result) => {
        if (result.ok && !controller.signal.aborted) setAnswer({ prefix, tags: result.data.response });
      });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [prefix]);

  if (prefix === '' || !answer) return [];
  // An answer for an older prefix still helps while it matches what is typed now.
  return answer.tags.filter((tag) => tag.name.startsWith(prefix));
}
