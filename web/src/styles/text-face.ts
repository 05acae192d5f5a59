import notoSerifCore from './fonts/noto-serif-core-400.woff2?url';

/**
 * The text face of post bodies: Noto Serif (SIL Open Font License), self-hosted from npm, Latin
 * only. Its @font-face rules (font-display: swap) are in text-face.css; this is the address of the
 * regular weight's core (8.7 KB: the characters English prose is written in, of the Latin file's
 * 14.4 KB), which the read page preloads.
 */
export const TEXT_FACE_PRELOAD = notoSerifCore;
