/** Reading speed used for "n min read": a common figure for adults reading prose on screen. */
export const WORDS_PER_MINUTE = 230;

/** Words as a writer counts them: runs of letters or digits (apostrophes and hyphens inside). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Whole minutes, at least one for any text at all. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
