// Prints the gzipped JavaScript that the first load of /allblog ships, and fails the build when it
// is over budget (issue 3 §4: at most 150 KB, with route-level code splitting).
//
// What a first load of /allblog fetches: the entry chunk (index.html's script) with everything it
// imports statically, transitively, then the all-posts page's lazy chunk with its own static
// imports. Dynamic imports are other routes, loaded only when visited, so they are not counted.
// Each file is gzipped on its own (level 9), as a server or CDN would send it. 1 KB = 1,000 bytes,
// as Vite prints sizes.
//
// Usage: node scripts/report-bundle-size.mjs [--dir build/web] [--budget 150]
// Needs build.manifest: true in vite.config.ts (build/web/.vite/manifest.json).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const PAGE_SOURCE = 'src/features/posts/pages/all-posts-page.tsx';
const PAGE_FILE = join('web', PAGE_SOURCE);
const ROUTE = '/allblog';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'build/web' },
    budget: { type: 'string', default: '150' },
  },
});
const outDir = resolve(values.dir);
const budgetKb = Number(values.budget);
const manifestFile = join(outDir, '.vite', 'manifest.json');

function fail(message) {
  console.error(`report-bundle-size: ${message}`);
  process.exit(1);
}

if (!Number.isFinite(budgetKb) || budgetKb <= 0) fail(`--budget must be a positive number of KB`);
if (!existsSync(manifestFile)) {
  fail(`${manifestFile} not found. Build the web app first (vite build) with build.manifest: true.`);
}

/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The chunk keys a chunk pulls in statically, itself included, transitively. */
function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) fail(`the manifest names chunk "${key}" but does not describe it`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
const entryKey = entryKeys.find((key) => key === 'index.html') ?? entryKeys[0];
if (!entryKey) fail(`no entry chunk in ${manifestFile}`);

const keys = staticClosure(entryKey);
const pageKey = Object.keys(manifest).find(
  (key) => key === PAGE_SOURCE || manifest[key]?.src === PAGE_SOURCE || key.endsWith(`/${PAGE_SOURCE}`),
);
if (pageKey) {
  staticClosure(pageKey, keys);
} else if (existsSync(PAGE_FILE)) {
  console.warn(
    `warning: ${PAGE_FILE} has no chunk of its own in the manifest: it is not lazy-loaded, so it is ` +
      `inside the entry's chunks (counted below). Route-level code splitting expects a lazy import().`,
  );
} else {
  console.warn(
    `warning: ${PAGE_FILE} does not exist yet (the web app is still a skeleton); ` +
      `counting the entry chunk and its static imports only.`,
  );
}

const files = [];
const cssFiles = new Set();
for (const key of keys) {
  const chunk = manifest[key];
  if (chunk.file.endsWith('.js') && !files.some((file) => file.name === chunk.file)) {
    const bytes = readFileSync(join(outDir, chunk.file));
    files.push({ name: chunk.file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, key });
  }
  for (const css of chunk.css ?? []) cssFiles.add(css);
}
files.sort((a, b) => b.gzip - a.gzip);

const kb = (bytes) => (bytes / 1000).toFixed(1);
const totalGzip = files.reduce((sum, file) => sum + file.gzip, 0);
const totalRaw = files.reduce((sum, file) => sum + file.raw, 0);
const cssGzip = [...cssFiles].reduce(
  (sum, css) => sum + gzipSync(readFileSync(join(outDir, css)), { level: 9 }).length,
  0,
);
const width = Math.max(...files.map((file) => file.name.length));
for (const file of files) {
  const role = file.key === entryKey ? ' (entry)' : file.key === pageKey ? ` (${ROUTE} page)` : '';
  console.log(
    `  ${file.name.padEnd(width)}  ${kb(file.gzip).padStart(6)} KB gzipped  ${kb(file.raw).padStart(6)} KB raw${role}`,
  );
}
if (cssFiles.size > 0)
  console.log(`  (plus ${kb(cssGzip)} KB gzipped CSS in ${cssFiles.size} file(s), not counted)`);

const over = totalGzip > budgetKb * 1000;
console.log(
  `First load of ${ROUTE}: ${kb(totalGzip)} KB gzipped JS in ${files.length} file(s), ${kb(totalRaw)} KB raw ` +
    `(budget ${budgetKb} KB)${over ? ' — OVER BUDGET' : ''}`,
);
writeFileSync(
  join(outDir, '..', 'bundle-size.json'),
  `${JSON.stringify(
    {
      route: ROUTE,
      gzipBytes: totalGzip,
      rawBytes: totalRaw,
      budgetBytes: budgetKb * 1000,
      pageChunkFound: Boolean(pageKey),
      files: files.map(({ name, raw, gzip }) => ({ name, raw, gzip })),
      cssGzipBytes: cssGzip,
    },
    null,
    2,
  )}\n`,
);
if (over) process.exit(1);
