import notoSerifRegular from '@fontsource/noto-serif/files/noto-serif-latin-400-normal.woff2?url';

/**
 * The text face of post bodies: Noto Serif (SIL Open Font License), self-hosted from
 * npm, Latin subset only (14 KB for the regular weight, the lightest of the screen serifs we tried).
 * Its @font-face rules (font-display: swap) come with global.css; this is the regular weight's
 * address, which the read page preloads.
 */
export const TEXT_FACE_PRELOAD = notoSerifRegular;
