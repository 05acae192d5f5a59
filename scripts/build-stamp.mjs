// `node scripts/build-stamp.mjs begin|finish`: the first and last steps of `npm run build`
// (see scripts/build-freshness.mjs).
import { mkdirSync } from 'node:fs';
import { BUILD_DIR, beginBuild, finishBuild } from './build-freshness.mjs';

const step = process.argv[2];
if (step === 'begin') {
  mkdirSync(BUILD_DIR, { recursive: true });
  beginBuild();
} else if (step === 'finish') {
  finishBuild();
} else {
  console.error('usage: node scripts/build-stamp.mjs begin|finish');
  process.exit(2);
}
