// Whether the build in build/ was made from the sources as they are now (docs/decisions/0016-start-up-build-check.md).
// `npm run build` records a stamp when it begins and confirms it when every step has passed;
// scripts/start.mjs compares it with the newest modification time among the build's inputs.
// Node built-ins only: this runs where dev dependencies are not installed.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BUILD_DIR = 'build';
const STAMP = join(BUILD_DIR, 'build-stamp.json');
const PENDING = join(BUILD_DIR, 'build-stamp.pending.json');

/** What the build is made of. Folders are walked; what does not exist is skipped. */
export const BUILD_INPUTS = [
  'web',
  'server',
  'contracts',
  'package.json',
  'package-lock.json',
  // Copied beside the bundle: the side panel's release notes.
  'docs/release-notes.md',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.web.json',
  'tsconfig.node.json',
  'scripts/build-server.mjs',
  'scripts/report-bundle-size.mjs',
  'scripts/build-freshness.mjs',
  'scripts/build-stamp.mjs',
  'scripts/backup.ts',
  'scripts/restore.ts',
  'scripts/repair-counts.ts',
  'scripts/import.ts',
  'scripts/start-signal.ts',
];

/** The files a build must have produced. */
export const BUILD_OUTPUTS = [
  'build/server.mjs',
  'build/newsletter-smtp-worker.mjs',
  'build/backup.mjs',
  'build/restore.mjs',
  'build/repair-counts.mjs',
  'build/import.mjs',
  'build/web/index.html',
  'build/ssr/entry-server.js',
  'build/release-notes.md',
];

/** Tests are not part of the build: editing one never asks for a rebuild. */
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Settings read at build time (Vite inlines VITE_* variables into the web app). */
export function buildEnvironment(env = process.env) {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => name.startsWith('VITE_'))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * The most recently modified input, folders included: a folder's time moves when a file in it is
 * added, removed or renamed, which no file's own time would show.
 */
export function newestInput(root = '.') {
  let newest = { path: '', mtimeMs: 0 };
  const visit = (path) => {
    let stats;
    try {
      stats = statSync(join(root, path));
    } catch {
      return;
    }
    if (stats.mtimeMs > newest.mtimeMs) newest = { path, mtimeMs: stats.mtimeMs };
    if (!stats.isDirectory()) return;
    for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || isTest(entry.name)) continue;
      visit(join(path, entry.name));
    }
  };
  for (const input of BUILD_INPUTS) visit(input);
  return newest;
}

function readStamp(root) {
  try {
    return JSON.parse(readFileSync(join(root, STAMP), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Undefined when the build is up to date; otherwise why it is not, in a few words. */
export function whyRebuild(root = '.', env = process.env) {
  const missing = BUILD_OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} does not exist`;
  const stamp = readStamp(root);
  if (typeof stamp?.startedAt !== 'number') return 'the build has no stamp (it was interrupted or is older)';
  const wanted = JSON.stringify(buildEnvironment(env));
  if (JSON.stringify(stamp.env ?? {}) !== wanted) return 'the VITE_* settings differ from the last build';
  const newest = newestInput(root);
  if (newest.mtimeMs > stamp.startedAt) return `${newest.path} changed since the last build`;
  return undefined;
}

/** At the start of a build: no stamp while outputs are being replaced. */
export function beginBuild(root = '.', now = Date.now()) {
  rmSync(join(root, STAMP), { force: true });
  writeFileSync(join(root, PENDING), JSON.stringify({ startedAt: now, env: buildEnvironment() }));
}

/**
 * Once every step has passed. The stamp keeps the time the build began, so a source saved while
 * it ran is newer than the stamp and the next start builds again.
 */
export function finishBuild(root = '.') {
  if (!existsSync(join(root, PENDING))) throw new Error(`${PENDING} is missing: run the whole npm run build`);
  renameSync(join(root, PENDING), join(root, STAMP));
}
