/**
 * The writing pages, measured in a real browser. Not a test: it prints figures.
 *
 *   npx tsx bench/editor.ts [--skip-build] [--keystrokes 300]
 *
 * 1. First load on the wire: every file the browser fetches to show /addblog with a working editor
 *    (HTML, scripts, styles, fonts, API answers), as the server sent it (Chromium accepts Brotli,
 *    so mostly the build's Brotli copies) and compressed with gzip -9 as a CDN would send it;
 *    /allblog and /readblog beside it for comparison (the reader pages must not grow because of the
 *    editor). 1 KB = 1,000 bytes.
 * 2. Keystroke cost in a 10,000-word post, from a Chromium trace (keystroke-trace.ts): for each
 *    typed character, every task the page's main thread ran from the one that received the key
 *    until the next key, which covers handling the key and drawing the frame that shows it. Keys
 *    are 60 ms apart, a fast typist's pace. Tracing adds a little to each task, so the figures lean
 *    high. Also shown: the time from the key to the end of the first task that painted after it.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startBuiltServer } from '../e2e/support/server-process';
import { keystrokeWork, type TraceEvent } from './keystroke-trace';

const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    keystrokes: { type: 'string', default: '300' },
  },
});
const KEYSTROKES = Number(values.keystrokes);

if (!values['skip-build']) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('npm run build failed');
}

interface Session {
  token: string;
  id: string;
  username: string;
}

async function json<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A long post as writers write them: headed sections of paragraphs, a list and a quote now and then. */
function tenThousandWords(): string {
  const vocabulary =
    'the river ink paper morning writer quiet light garden letter window coffee story patient city autumn reader page'.split(
      ' ',
    );
  const blocks: string[] = [];
  let words = 0;
  let n = 0;
  while (words < 10_000) {
    n += 1;
    if (n % 12 === 1) blocks.push(`## Part ${Math.ceil(n / 12)}`);
    const length = 60 + (n % 5) * 10;
    const sentence = Array.from(
      { length },
      (_, index) => vocabulary[(n * 7 + index * 3) % vocabulary.length],
    );
    sentence[3] = `**${sentence[3]}**`;
    sentence[9] = `_${sentence[9]}_`;
    blocks.push(n % 9 === 0 ? `> ${sentence.join(' ')}.` : `${sentence.join(' ')}.`);
    if (n % 15 === 0) blocks.push('- one point\n- another point\n- a last point');
    words += length;
  }
  return blocks.join('\n\n');
}

async function signedInPage(browser: Browser, baseURL: string, session: Session): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.addInitScript((stored) => {
    window.localStorage.setItem('token', stored.token);
    window.localStorage.setItem('username', stored.username);
    window.localStorage.setItem('userId', stored.id);
  }, session);
  return context.newPage();
}

interface Fetched {
  url: string;
  kind: string;
  gzip: number;
  /** The body's bytes as they came over the wire (Brotli or gzip, whichever the server chose). */
  wire: number;
  /** The file carries the editor's code (ProseMirror). */
  editor: boolean;
}

async function firstLoad(browser: Browser, baseURL: string, session: Session, path: string, ready: string) {
  const page = await signedInPage(browser, baseURL, session);
  const fetched: Promise<Fetched | null>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== baseURL) return;
    fetched.push(
      Promise.all([response.body(), response.request().sizes()])
        .then(([body, sizes]) => ({
          url: url.pathname,
          kind: response.request().resourceType(),
          gzip: gzipSync(body, { level: 9 }).length,
          wire: sizes.responseBodySize,
          editor: body.includes('ProseMirror'),
        }))
        .catch(() => null),
    );
  });
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(fetched)).filter((file): file is Fetched => file !== null);
  await page.context().close();
  const total = files.reduce((sum, file) => sum + file.gzip, 0);
  const wire = files.reduce((sum, file) => sum + file.wire, 0);
  const byKind = new Map<string, number>();
  for (const file of files) byKind.set(file.kind, (byKind.get(file.kind) ?? 0) + file.gzip);
  const editorKb = files.filter((file) => file.editor).reduce((sum, file) => sum + file.gzip, 0) / 1000;
  return { path, files: files.length, totalKb: total / 1000, wireKb: wire / 1000, byKind, editorKb };
}

/** A fast typist's pace (60 ms a character is about 170 words a minute), with time for each key's frame. */
const KEY_INTERVAL_MS = 60;

async function keystrokeCost(browser: Browser, baseURL: string, session: Session, postId: string) {
  const page = await signedInPage(browser, baseURL, session);
  await page.goto(`/updateblog?id=${postId}`);
  const body = page.locator('.block-editor__body[contenteditable="true"]');
  await body.waitFor();
  const words = await body.evaluate(
    (element) => element.textContent?.split(/\s+/).filter(Boolean).length ?? 0,
  );
  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  // Entering the body fetches the selection toolbar's module: that is the focus's work, not typing's.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  const text = 'The quick brown fox jumps over the lazy dog. ';
  for (let index = 0; index < KEYSTROKES; index += 1) {
    await page.keyboard.type(text[index % text.length]!);
    await page.waitForTimeout(KEY_INTERVAL_MS);
  }
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as
    { traceEvents: TraceEvent[] } | TraceEvent[];
  await page.context().close();
  const keys = keystrokeWork(Array.isArray(trace) ? trace : trace.traceEvents);
  const distribution = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN };
  };
  return {
    words,
    keystrokes: keys.length,
    // The first key also compiles the editing path and fetches the form's checks (post-rules.ts).
    firstKey: keys[0]?.work ?? NaN,
    work: distribution(keys.map((key) => key.work)),
    toPaint: distribution(keys.flatMap((key) => (key.toPaint === null ? [] : [key.toPaint]))),
  };
}

const server = await startBuiltServer({ SEED_DEMO: '1' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const signup = await json<{ jwt: string; userId: string }>(server.baseURL, '/api/user/signup', {
    username: 'Benchwriter',
    email: `bench-${Date.now()}@example.com`,
    password: 'correct horse battery',
  });
  const session = { token: signup.jwt, id: signup.userId, username: 'Benchwriter' };
  const long = await json<{ response: { id: string } }>(
    server.baseURL,
    '/api/post/blog',
    { title: 'Ten thousand words', content: tenThousandWords(), status: 'draft' },
    session.token,
  );
  const list = (await (await fetch(`${server.baseURL}/api/post/blog/all`)).json()) as {
    response: { id: string; author: { username: string } }[];
  };
  const sample = list.response[0];
  const loads = [
    await firstLoad(
      browser,
      server.baseURL,
      session,
      '/addblog',
      '.block-editor__body[contenteditable="true"]',
    ),
    await firstLoad(browser, server.baseURL, session, '/allblog', 'article'),
    ...(sample
      ? [await firstLoad(browser, server.baseURL, session, `/readblog?id=${sample.id}`, '.post__content')]
      : []),
  ];
  for (const load of loads) {
    const kinds = [...load.byKind].map(([kind, bytes]) => `${kind} ${(bytes / 1000).toFixed(1)}`).join(', ');
    console.log(
      `First load of ${load.path}: ${load.wireKb.toFixed(1)} KB on the wire as sent, ` +
        `${load.totalKb.toFixed(1)} KB gzip -9 in ${load.files} files (${kinds}); ` +
        `editor code in it: ${load.editorKb.toFixed(1)} KB`,
    );
  }
  const typing = await keystrokeCost(browser, server.baseURL, session, long.response.id);
  const { work, toPaint } = typing;
  console.log(
    `Keystroke cost in a ${typing.words.toLocaleString('en-US')}-word post, ${typing.keystrokes} keystrokes, ` +
      `main-thread work from the key to the next key (its frame included): median ${work.median.toFixed(1)} ms, ` +
      `p95 ${work.p95.toFixed(1)} ms, max ${work.max.toFixed(1)} ms, the first key ${typing.firstKey.toFixed(1)} ms ` +
      `(target < 16 ms); ` +
      `key to painted frame: median ${toPaint.median.toFixed(1)} ms, p95 ${toPaint.p95.toFixed(1)} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
}
