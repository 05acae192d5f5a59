// `npm run fonts`: cuts the read page's core text face out of Fontsource's Latin Noto Serif
// (scripts/text-face.ts). Run it after updating @fontsource/noto-serif or changing the core's
// characters, and commit the file; the build then needs no font tool.
import { writeFileSync } from 'node:fs';
import { CORE_FILE, coreFace } from './text-face';

const bytes = await coreFace();
writeFileSync(CORE_FILE, bytes);
console.log(`wrote ${CORE_FILE} (${bytes.length} bytes)`);
