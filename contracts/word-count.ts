/** One letter or digit in any script, matched at one position only (sticky), surrogate pairs whole. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/uy;

const OTHER = 0;
const WORD = 1;
const JOINER = 2;

/** What each ASCII character is to a word: most text is mostly ASCII, looked up without a regex. */
const ASCII = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) {
  const char = String.fromCharCode(code);
  ASCII[code] = /[A-Za-z0-9]/.test(char) ? WORD : /['.-]/.test(char) ? JOINER : OTHER;
}

/** The length (1, or 2 for a surrogate pair) of the letter or digit at `index`; 0 for anything else. */
function letterOrDigitAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 128) return ASCII[code] === WORD ? 1 : 0;
  LETTER_OR_DIGIT.lastIndex = index;
  return LETTER_OR_DIGIT.test(text) ? LETTER_OR_DIGIT.lastIndex - index : 0;
}

/** Apostrophes (the typographic one too), dots and hyphens join letters into one word: it's, 3.14, e-mail. */
function isJoiner(code: number): boolean {
  return code < 128 ? ASCII[code] === JOINER : code === 0x2019;
}

/**
 * Words as a reader counts them: runs of letters or digits, joined by an apostrophe, a dot or a
 * hyphen, so Markdown marks, list bullets and link punctuation do not count. The same count as
 * the pattern /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*\/gu (the tests hold it to that), by a scan
 * that allocates nothing: every list of posts counts the words of each, and the editor
 * counts on every keystroke.
 */
export function countWords(text: string): number {
  const length = text.length;
  let words = 0;
  let inWord = false;
  let index = 0;
  while (index < length) {
    const width = letterOrDigitAt(text, index);
    if (width > 0) {
      if (!inWord) words += 1;
      inWord = true;
      index += width;
    } else if (
      inWord &&
      index + 1 < length &&
      isJoiner(text.charCodeAt(index)) &&
      letterOrDigitAt(text, index + 1) > 0
    ) {
      // A joiner between letters keeps the word going.
      index += 1;
    } else {
      inWord = false;
      index += 1;
    }
  }
  return words;
}
