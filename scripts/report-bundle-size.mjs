// Prints what the first load of /allblog and of a post (/readblog) sends over the wire, and fails
// the build when either is over budget (issue 8 §7: at most 150 KB each, compressed).
//
// It starts the built server (build/server.mjs) on a scratch SQLite database with the welcome posts,
// asks for each page as a browser would, and follows what the HTML names: the entry script, the
// page's module preloads, its stylesheets and the fonts it preloads. That is every file the first
// load fetches (the page's lazy chunks are all preloaded; other routes load only when visited).
// Each file is compressed on its own, with gzip (level 9) and Brotli (quality 11), as a server or
// CDN sends it; the budget applies to the gzip total, the larger of the two. 1 KB = 1,000 bytes.
//
// Usage: node scripts/report-bundle-size.mjs [--budget 150]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const { values } = parseArgs({ options: { budget: { type: 'string', default: '150' } } });
const budgetKb = Number(values.budget);
const buildDir = resolve('build');
const webDir = join(buildDir, 'web');

function fail(message) {
  console.error(`report-bundle-size: ${message}`);
  process.exit(1);
}

if (!Number.isFinite(budgetKb) || budgetKb <= 0) fail('--budget must be a positive number of KB');
if (!existsSync(join(buildDir, 'server.mjs')))
  fail('build/server.mjs not found: run the whole `npm run build`.');

function freePort() {
  return new Promise((done, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-size-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(buildDir, 'server.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) fail(`the built server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/post/blog/all?limit=1`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) fail('the built server did not start within 20 s');
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    origin,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function sizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The same-origin files a page's HTML makes the browser fetch at once, by kind. */
function filesNamedBy(html) {
  const files = [];
  const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<script[^>]*\ssrc="[^"]*"[^>]*>/g))
    files.push({ kind: 'js', path: attr(tag, 'src') });
  for (const [tag] of html.matchAll(/<link[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!href || !href.startsWith('/')) continue;
    if (rel === 'modulepreload') files.push({ kind: 'js', path: href });
    else if (rel === 'stylesheet') files.push({ kind: 'css', path: href });
    else if (rel === 'preload' && attr(tag, 'as') === 'font') files.push({ kind: 'font', path: href });
  }
  return files.filter((file, index) => files.findIndex((other) => other.path === file.path) === index);
}

async function measurePage(origin, route, path) {
  const response = await fetch(`${origin}${path}`);
  if (response.status !== 200) fail(`GET ${path} answered ${response.status}`);
  const html = await response.text();
  const entries = [{ kind: 'html', path, ...sizes(Buffer.from(html)) }];
  for (const file of filesNamedBy(html)) {
    const local = join(webDir, file.path);
    if (!existsSync(local)) fail(`${path} names ${file.path}, which the build does not have`);
    entries.push({ ...file, ...sizes(readFileSync(local)) });
  }
  const total = (key) => entries.reduce((sum, entry) => sum + entry[key], 0);
  const byKind = (kind, key) =>
    entries.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry[key], 0);
  return {
    route,
    path,
    gzipBytes: total('gzip'),
    brotliBytes: total('brotli'),
    rawBytes: total('raw'),
    byKind: Object.fromEntries(
      ['html', 'js', 'css', 'font'].map((kind) => [
        kind,
        { gzip: byKind(kind, 'gzip'), brotli: byKind(kind, 'brotli') },
      ]),
    ),
    files: entries,
  };
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
const server = await startServer();
let reports;
try {
  const list = await (await fetch(`${server.origin}/api/post/blog/all`)).json();
  // The longest welcome post: the heaviest of the pages a fresh instance shows.
  const post = [...list.response].sort((a, b) => b.content.length - a.content.length)[0];
  if (!post) fail('the welcome posts are missing');
  reports = [
    await measurePage(server.origin, '/allblog', '/allblog'),
    await measurePage(
      server.origin,
      '/readblog',
      `/readblog?${new URLSearchParams({ id: post.id, name: post.author.username })}`,
    ),
  ];
} finally {
  await server.stop();
}

let over = false;
for (const report of reports) {
  const width = Math.max(...report.files.map((file) => file.path.length));
  console.log(`First load of ${report.route} (${report.files.length} files):`);
  for (const file of report.files) {
    console.log(
      `  ${file.kind.padEnd(4)} ${file.path.padEnd(width)}  ${kb(file.gzip).padStart(6)} KB gzip  ${kb(file.brotli).padStart(6)} KB brotli  ${kb(file.raw).padStart(6)} KB raw`,
    );
  }
  const parts = ['html', 'js', 'css', 'font']
    .map((kind) => `${kind} ${kb(report.byKind[kind].gzip)}`)
    .join(', ');
  const pageOver = report.gzipBytes > budgetKb * 1000;
  over ||= pageOver;
  console.log(
    `  total ${kb(report.gzipBytes)} KB gzip (${parts}), ${kb(report.brotliBytes)} KB brotli, ${kb(report.rawBytes)} KB raw ` +
      `(budget ${budgetKb} KB)${pageOver ? ' — OVER BUDGET' : ''}`,
  );
}
writeFileSync(
  join(buildDir, 'bundle-size.json'),
  `${JSON.stringify({ budgetBytes: budgetKb * 1000, pages: reports }, null, 2)}\n`,
);
if (over) process.exit(1);
