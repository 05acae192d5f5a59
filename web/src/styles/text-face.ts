import sourceSerifRegular from '@fontsource/source-serif-4/files/source-serif-4-latin-400-normal.woff2?url';

/**
 * The text face of post bodies (issue 8 §6): Source Serif 4 (SIL Open Font License), self-hosted
 * from npm, Latin subset only. Its @font-face rules (font-display: swap) come with global.css;
 * this is the regular weight's address, which the read page preloads.
 */
export const TEXT_FACE_PRELOAD = sourceSerifRegular;
