import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

/*
 * The read page's text face, split in two (docs/decisions/0080-text-face-split.md): the characters
 * English prose is written in (the core, preloaded) and the rest of Fontsource's Latin file, which
 * a browser fetches only for a page that uses one of them. The ranges below are the CSS
 * `unicode-range`s of web/src/styles/text-face.css; keep them together.
 */

/** ASCII, the no-break space, the middle dot, en and em dashes, curly quotes, bullet, ellipsis. */
export const CORE_CHARACTERS: readonly [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xb7, 0xb7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
];

const here = dirname(fileURLToPath(import.meta.url));
export const CORE_FILE = join(here, '..', 'web', 'src', 'styles', 'fonts', 'noto-serif-core-400.woff2');

/** Fontsource's Latin subset of Noto Serif Regular, the file the core is cut from. */
export function latinRegular(): Buffer {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve('@fontsource/noto-serif/files/noto-serif-latin-400-normal.woff2'));
}

/** The core file's bytes, cut by HarfBuzz (subset-font) from the Latin file, as WOFF2. */
export async function coreFace(): Promise<Buffer> {
  const text = CORE_CHARACTERS.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
  ).join('');
  return subsetFont(latinRegular(), text, { targetFormat: 'woff2' });
}
