/** Reading speed used for "n min read": a common figure for adults reading prose on screen. */
export const WORDS_PER_MINUTE = 230;

/** Words as the read page's "n min read" counts them, so the editor's figure agrees with it. */
export { countWords } from '../../../../../contracts/word-count';

/** Whole minutes, at least one for any text at all. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
