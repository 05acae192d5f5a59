// Prints what the first load of /allblog, of a post (/readblog) and of the writing page (/addblog)
// sends over the wire, and fails the build when one is over its budget: at most 150 KB for each
// reader page (decision 12) and 250 KB for the writing page (decision 43), compressed.
//
// It starts the built server (build/server.mjs) on a scratch SQLite database with the welcome posts,
// asks for each page as a browser would, and follows what the HTML names: the entry script, the
// page's module preloads, its stylesheets and the fonts it preloads. That is every file the first
// load fetches (the page's lazy chunks are all preloaded; other routes load only when visited).
// Every file is fetched from the server twice, as browsers ask for it (`Accept-Encoding: br, gzip`,
// what they send over HTTPS) and gzip only (what Chromium sends over plain HTTP), and the bytes
// that came over the wire are counted as sent: the server's own compression, or the build's
// precompressed copies. A reader page's budget applies to the gzip total, the larger of the two;
// the writing page's to the Brotli total, what Chromium receives over HTTPS, which is what decision
// 43 budgets (bench/editor.ts). Headers are not counted. 1 KB = 1,000 bytes.
//
// The writing page is asked for without a session, as any first request for it is (the session is
// in the browser's storage): its HTML names the same files, those of the page with the editor. What
// it fetches once running (the signed-in shell's parts, API answers, the text face) is not named
// there (about 11 KB); e2e/writing-page-budget.test.ts weighs the whole first load in Chromium, as
// `npx tsx bench/editor.ts` does.
//
// Usage: node scripts/report-bundle-size.mjs [--budget 150] [--writing-budget 250]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { buildDir, longestWelcomePost, startBuiltServer } from './built-server.mjs';

const { values } = parseArgs({
  options: {
    budget: { type: 'string', default: '150' },
    'writing-budget': { type: 'string', default: '250' },
  },
});
const budgetKb = Number(values.budget);
const writingBudgetKb = Number(values['writing-budget']);

function fail(message) {
  console.error(`report-bundle-size: ${message}`);
  process.exit(1);
}

for (const [name, value] of [
  ['--budget', budgetKb],
  ['--writing-budget', writingBudgetKb],
]) {
  if (!Number.isFinite(value) || value <= 0) fail(`${name} must be a positive number of KB`);
}

/** The bytes of one answer as they came over the wire, undecoded, and how they were encoded. */
function wireGet(url, acceptEncoding) {
  return new Promise((done, reject) => {
    const outgoing = httpRequest(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        done({
          status: response.statusCode,
          encoding: response.headers['content-encoding'] ?? 'identity',
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** One file's size on the wire for each way of asking, and its size decoded. */
async function wireSizes(url) {
  const browser = await wireGet(url, 'br, gzip');
  const gzipOnly = await wireGet(url, 'gzip');
  const plain = await wireGet(url, 'identity');
  for (const response of [browser, gzipOnly, plain]) {
    if (response.status !== 200) fail(`GET ${url} answered ${response.status}`);
  }
  return {
    raw: plain.bytes.length,
    brotli: browser.bytes.length,
    brotliEncoding: browser.encoding,
    gzip: gzipOnly.bytes.length,
    gzipEncoding: gzipOnly.encoding,
    text: plain.bytes.toString('utf8'),
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

async function measurePage(origin, route, path, pageBudgetKb, budgetEncoding) {
  const page = await wireSizes(`${origin}${path}`);
  const { text: html, ...pageSizes } = page;
  const entries = [{ kind: 'html', path, ...pageSizes }];
  for (const file of filesNamedBy(html)) {
    const { text: _text, ...fileSizes } = await wireSizes(`${origin}${file.path}`);
    entries.push({ ...file, ...fileSizes });
  }
  const total = (key) => entries.reduce((sum, entry) => sum + entry[key], 0);
  const byKind = (kind, key) =>
    entries.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry[key], 0);
  return {
    route,
    path,
    budgetBytes: pageBudgetKb * 1000,
    budgetEncoding,
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
const server = await startBuiltServer().catch((error) => fail(error.message));
let reports;
try {
  reports = [
    await measurePage(server.origin, '/allblog', '/allblog', budgetKb, 'gzip'),
    await measurePage(server.origin, '/readblog', await longestWelcomePost(server.origin), budgetKb, 'gzip'),
    await measurePage(server.origin, '/addblog', '/addblog', writingBudgetKb, 'br'),
  ];
} finally {
  await server.stop();
}

let over = false;
for (const report of reports) {
  const width = Math.max(...report.files.map((file) => file.path.length));
  console.log(
    `First load of ${report.route} (${report.files.length} files), on the wire as the server sends it to a browser asking for gzip, then for br and gzip:`,
  );
  for (const file of report.files) {
    console.log(
      `  ${file.kind.padEnd(4)} ${file.path.padEnd(width)}  ${kb(file.gzip).padStart(6)} KB ${file.gzipEncoding.padEnd(8)}  ${kb(file.brotli).padStart(6)} KB ${file.brotliEncoding.padEnd(8)}  ${kb(file.raw).padStart(6)} KB raw`,
    );
  }
  const parts = ['html', 'js', 'css', 'font']
    .map((kind) => `${kind} ${kb(report.byKind[kind].gzip)}`)
    .join(', ');
  const pageOver =
    (report.budgetEncoding === 'br' ? report.brotliBytes : report.gzipBytes) > report.budgetBytes;
  over ||= pageOver;
  console.log(
    `  total on the wire ${kb(report.gzipBytes)} KB gzip (${parts}), ${kb(report.brotliBytes)} KB br, ${kb(report.rawBytes)} KB decoded ` +
      `(budget ${kb(report.budgetBytes)} KB ${report.budgetEncoding})${pageOver ? ' — OVER BUDGET' : ''}`,
  );
}
writeFileSync(
  join(buildDir, 'bundle-size.json'),
  `${JSON.stringify({ budgetBytes: budgetKb * 1000, writingBudgetBytes: writingBudgetKb * 1000, pages: reports }, null, 2)}\n`,
);
if (over) process.exit(1);
