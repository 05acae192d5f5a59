import { useCallback, useEffect, useRef, useState } from 'react';
import { countWords, readingMinutes } from '../lib/reading-stats';

export interface WritingStats {
  words: number;
  minutes: number;
}

/** How long after the last keystroke the counts catch up: live, without costing every keystroke. */
const RECOUNT_DELAY_MS = 250;

/** Word count and reading time of the body, recounted shortly after typing pauses. */
export function useWritingStats(readText: () => string) {
  const [stats, setStats] = useState<WritingStats>({ words: 0, minutes: 0 });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const readRef = useRef(readText);
  readRef.current = readText;

  const recount = useCallback(() => {
    const words = countWords(readRef.current());
    setStats({ words, minutes: readingMinutes(words) });
  }, []);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(recount, RECOUNT_DELAY_MS);
  }, [recount]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return { stats, recount, schedule };
}
