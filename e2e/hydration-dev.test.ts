import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { DESKTOP, expect, faraway, PHONE, test } from './support/fixtures';
import { createUser, signInAs, type E2eUser } from './support/api';
import { collectProblems, hydrated } from './support/hydration';
import { startBuiltServer, type RunningServer } from './support/server-process';
import { profilePathOf, publish, readPath, tag } from './support/posts';

const DEV_BUILD = '.tmp/e2e-dev-build';

/*
 * React's production build checks only the text and the shape of what it hydrates; its development
 * build also reports every attribute that differs from the server's HTML. So this file builds the
 * web app in development mode (the server finds build/ssr beside WEB_DIR) and runs the built server
 * on it, in development mode too, and listens for what React says.
 */
let server: RunningServer | undefined;

function vite(args: string[]): void {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', ...args, '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development' },
    },
  );
  if (result.status !== 0) throw new Error(`vite ${args.join(' ')} failed`);
}

test.beforeAll(async () => {
  // Two whole builds of the web app: about 80 s on two idle cores, and more than 180 s has been
  // seen while the other worker's browser and server share them.
  test.setTimeout(420_000);
  vite(['build', '--mode', 'development', '--outDir', `../${DEV_BUILD}/web`, '--emptyOutDir']);
  vite(['build', '--ssr', '--mode', 'development', '--outDir', `../${DEV_BUILD}/ssr`, '--emptyOutDir']);
  server = await startBuiltServer({ WEB_DIR: `${DEV_BUILD}/web`, NODE_ENV: 'development' });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(DEV_BUILD, { recursive: true, force: true });
});

function origin(): string {
  if (!server) throw new Error('server used before beforeAll');
  return server.baseURL;
}

test.describe('hydration, as React development mode checks it', () => {
  const cases: { path: string; signedIn: boolean }[] = [];
  for (const signedIn of [false, true]) {
    for (const path of ['/', '/allblog', '/allblog?tab=following', 'post', 'profile', '/favorites']) {
      cases.push({ path, signedIn });
    }
  }

  let paths: Record<string, string> = {};
  let reader: E2eUser | undefined;
  test.beforeAll(async () => {
    const author = await createUser(origin(), `Devon${tag()}`);
    reader = await createUser(origin(), 'Reader');
    const post = await publish(origin(), author, {
      title: `Checked ${tag()}`,
      content: '### Heading\n\nText with **bold**.\n\n```js\nlet x = 1;\n```',
    });
    paths = { post: readPath(post), profile: profilePathOf(author.id) };
  });

  for (const { path, signedIn } of cases)
    test(`matches the server markup of ${path} (signed in: ${signedIn})`, async ({ newPage }) => {
      const url = paths[path] ?? path;
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await newPage({ viewport, baseURL: origin(), timezoneId: faraway() });
        if (signedIn && reader) await signInAs(page, reader);
        const problems = collectProblems(page);
        await page.goto(url);
        await hydrated(page);
        if (signedIn && reader)
          await expect(
            page.getByRole('button', { name: `Account menu for ${reader.username}` }),
          ).toBeVisible();
        expect(problems, `${url} ${viewport.width}px`).toEqual([]);
        await page.context().close();
      }
    });
});
