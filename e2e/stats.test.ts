import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import type { PostStats } from '../contracts/stats';
import { appIsInteractive, DESKTOP, expect, PHONE, test } from './support/fixtures';
import { createUser, signInAs, uniqueEmail, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { expectNoHorizontalScroll } from './support/screens';
import { startBuiltServer, type RunningServer } from './support/server-process';
import { until } from './support/mail-server';
import { startMailSink, type MailSink } from '../tests/api/support/mail-sink';

/**
 * A person's Chromium. Playwright's headless Chromium says "HeadlessChrome", which isbot (rightly)
 * takes for a robot, so the readers here present the user agent of the same browser with a window.
 */
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** This file's own server, with publications' sites at sub-domains of localhost (another origin). */
let server: RunningServer;
let site = '';

/** Where the server sends its mail (confirmations and posts): a real SMTP server and parser. */
let sink: MailSink;

test.beforeAll(async () => {
  sink = await startMailSink();
  server = await startBuiltServer({ BASE_DOMAIN: 'localhost', SMTP_URL: sink.url });
  site = `http://localhost:${new URL(server.baseURL).port}`;
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

/** A reader in a browser of their own (its user agent and headers are the test's subject). */
async function reader(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ userAgent: CHROME, baseURL: site, ...options });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  // A report the browser refused (by CSP or CORP) would be a view lost. Reports alone: the app's own
  // calls in flight when a link leaves it (its notifications poll) are aborted, as in any browser.
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === '/api/stats/event')
      pageErrors.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  return page;
}

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(pageErrors.splice(0), 'errors thrown by the page').toEqual([]);
});

/** A page's report to the stats endpoint, answered. */
const reported = (page: Page, event: 'view' | 'read') =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/stats/event') &&
      (response.request().postData() ?? '').includes(`"event":"${event}"`),
  );

async function statsOf(writer: E2eUser, postId: string): Promise<PostStats> {
  const response = await fetch(`${server.baseURL}/api/stats/post?id=${postId}&days=1`, {
    headers: { authorization: `Bearer ${writer.token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as PostStats;
}

async function ownBlog(user: E2eUser): Promise<{ url: string }> {
  const response = await fetch(`${server.baseURL}/api/user/publications`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const body = (await response.json()) as { response: { publication: { url: string } }[] };
  const own = body.response[0]?.publication;
  if (!own) throw new Error('no own blog');
  return own;
}

test('a real view and read are counted, on the read page and a publication’s site; a bot, DNT and the writer are not', async ({
  browser,
}) => {
  const writer = await createUser(server.baseURL, 'Counted Writer');
  const words = Array.from({ length: 600 }, (_, index) => `word${index}`).join(' ');
  const created = await fetch(`${server.baseURL}/api/post/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
    body: JSON.stringify({ title: 'Worth counting', content: `${words}\n\nThe end.` }),
  });
  const postId = ((await created.json()) as { response: { id: string } }).response.id;
  const readPath = `/readblog?id=${postId}`;

  // Reports that must not count: a crawler, a reader asking not to be tracked, the writer.
  const bot = await reader(browser, { userAgent: GOOGLEBOT });
  const botView = reported(bot, 'view');
  await bot.goto(readPath);
  await appIsInteractive(bot);
  expect((await botView).status()).toBe(204);

  const dnt = await reader(browser, { extraHTTPHeaders: { DNT: '1' } });
  const dntView = reported(dnt, 'view');
  await dnt.goto(readPath);
  expect((await dntView).status()).toBe(204);

  const own = await reader(browser);
  await own.addInitScript(
    ({ token, username, id }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('username', username);
      window.localStorage.setItem('userId', id);
    },
    { token: writer.token, username: writer.username, id: writer.id },
  );
  const ownView = reported(own, 'view');
  await own.goto(readPath);
  expect((await ownView).request().headers().authorization).toBe(`Bearer ${writer.token}`);

  // A person: the view once the page is interactive, the read at the post's end.
  const person = await reader(browser, { viewport: { width: 375, height: 700 } });
  const view = reported(person, 'view');
  await person.goto(`${readPath}&ref=newsletter`);
  await appIsInteractive(person);
  expect((await view).status()).toBe(204);
  const read = reported(person, 'read');
  await person.locator('.post__footer').scrollIntoViewIfNeeded();
  expect((await read).status()).toBe(204);

  // The same post on the writer's site, another origin: a beacon to the main site.
  const blog = await ownBlog(writer);
  const visitor = await reader(browser, { baseURL: blog.url });
  const beacon = visitor.waitForRequest((request) => request.url() === `${site}/api/stats/event`);
  await visitor.goto(`${blog.url}/posts/${postId}`);
  const sent = await beacon;
  expect(JSON.parse(sent.postData() ?? '{}')).toMatchObject({ kind: 'post', id: postId, event: 'view' });

  // Written by the server's next batch (every few seconds).
  await expect.poll(async () => (await statsOf(writer, postId)).views, { timeout: 20_000 }).toBe(2);
  const stats = await statsOf(writer, postId);
  expect(stats).toMatchObject({ views: 2, reads: 1, readRatio: 0.5 });
  expect(stats.sources.map((row) => row.source).sort()).toEqual(['Direct', 'newsletter']);
  expect(Object.fromEntries(stats.browsers.map((row) => [row.name, row.views]))).toEqual({ Chrome: 2 });
});

test('the Stats page shows the writer’s figures with a table beside the chart, at 375 px and in the dark, with axe 0', async ({
  newPage,
}) => {
  const writer = await createUser(server.baseURL, 'Charted Writer');
  const created = await fetch(`${server.baseURL}/api/post/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
    body: JSON.stringify({ title: 'A post with readers', content: 'Read me.' }),
  });
  const postId = ((await created.json()) as { response: { id: string } }).response.id;
  // Reports as pages send them: three views, one of them read.
  for (const event of ['view', 'view', 'read', 'view'] as const) {
    const answer = await fetch(`${server.baseURL}/api/stats/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME },
      body: JSON.stringify({
        kind: 'post',
        id: postId,
        event,
        page: `${site}/readblog?id=${postId}&ref=newsletter`,
      }),
    });
    expect(answer.status).toBe(204);
  }
  await expect.poll(async () => (await statsOf(writer, postId)).views, { timeout: 20_000 }).toBe(3);

  // Each browser in a time zone of its own: the page asks for the writer's days in it.
  for (const [viewport, colorScheme, timezoneId] of [
    [PHONE, 'light', 'America/Los_Angeles'],
    [DESKTOP, 'dark', 'Europe/Paris'],
  ] as const) {
    const page = await newPage({ baseURL: site, viewport, colorScheme, bypassCSP: true, timezoneId });
    await signInAs(page, writer);
    await page.goto('/stats');
    await expect(page.getByRole('heading', { level: 1, name: 'Your stats' })).toBeVisible();
    const figures = page.locator('.stats-figures');
    await expect(figures.getByText('Views', { exact: true }).locator('..').locator('dd')).toHaveText('3');
    await expect(figures.getByText('Read ratio').locator('..').locator('dd')).toHaveText('33%');
    // The chart's figures, for screen readers, in the table beside it.
    const chartTable = page.getByRole('table', { name: /3 views and 1 read in the last 30 days/ });
    await expect(chartTable.getByRole('row')).toHaveCount(31);
    await expect(chartTable.getByRole('columnheader', { name: `Day (${timezoneId})` })).toBeAttached();
    await expect(page.getByRole('row', { name: /A post with readers 3 1 33%/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /newsletter 3 1/ })).toBeVisible();
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByRole('table', { name: /3 views and 1 read today/ }).getByRole('row')).toHaveCount(
      25,
    );
    expect(await axeViolations(page)).toEqual([]);
    await expectNoHorizontalScroll(page, viewport.width);
    await page.screenshot({
      path: `${SHOTS ?? 'test-results'}/stats-page-${viewport.width}-${colorScheme}.png`,
      fullPage: true,
    });
  }
});

/** A confirmed subscriber of the writer's own blog, by the API and the emailed link. */
async function subscriber(writer: E2eUser): Promise<string> {
  const email = uniqueEmail('stats-inbox');
  await fetch(`${server.baseURL}/api/newsletters/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publication: writer.id, email }),
  });
  const token = await until(
    () => sink.inbox.find((mail) => mail.to === email)?.text.match(/confirm\?token=([\w-]+)/)?.[1],
    'the confirmation',
  );
  const confirmed = await fetch(`${server.baseURL}/api/newsletters/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(confirmed.status).toBe(200);
  return email;
}

test('the Stats page shows the newsletter beside the views, and a post’s own stats: its sources’ reads and its email', async ({
  newPage,
}) => {
  // Two widths, each with two pages checked by axe and photographed: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const writer = await createUser(server.baseURL, 'Lettered Writer');
  const email = await subscriber(writer);
  const title = `Emailed and read ${Date.now()}`;
  const created = await fetch(`${server.baseURL}/api/post/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
    body: JSON.stringify({ title, content: 'Read me in the inbox.' }),
  });
  const postId = ((await created.json()) as { response: { id: string } }).response.id;
  // The email's link to the post names the newsletter as its source.
  const mail = await until(
    () => sink.inbox.find((received) => received.to === email && received.subject === title),
    'the post by email',
  );
  const link = /href="([^"]*ref=newsletter)"/.exec(mail.html ?? '')?.[1]?.replaceAll('&amp;', '&');
  expect(link).toContain(`/readblog?id=${postId}&ref=newsletter`);
  await expect
    .poll(async () => (await statsOf(writer, postId)).newsletter?.emails.sent, { timeout: 20_000 })
    .toBe(1);
  // Two readers from the email (one reads to the end), one from elsewhere.
  for (const [event, from] of [
    ['view', 'newsletter'],
    ['read', 'newsletter'],
    ['view', 'newsletter'],
    ['view', 'elsewhere'],
  ] as const) {
    const answer = await fetch(`${server.baseURL}/api/stats/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME },
      body: JSON.stringify({
        kind: 'post',
        id: postId,
        event,
        page: `${site}/readblog?id=${postId}${from === 'newsletter' ? '&ref=newsletter' : ''}`,
        ...(from === 'elsewhere' ? { referrer: 'https://news.example/today' } : {}),
      }),
    });
    expect(answer.status).toBe(204);
  }
  await expect.poll(async () => (await statsOf(writer, postId)).views, { timeout: 20_000 }).toBe(3);

  for (const [viewport, colorScheme] of [
    [PHONE, 'dark'],
    [DESKTOP, 'light'],
  ] as const) {
    const page = await newPage({ baseURL: site, viewport, colorScheme, bypassCSP: true });
    await signInAs(page, writer);
    await page.goto('/stats');
    const newsletter = page.getByRole('region', { name: 'Newsletter' });
    await expect(newsletter.getByText('Subscribers', { exact: true }).locator('..').locator('dd')).toHaveText(
      '1',
    );
    // The growth chart's figures in the table beside it, and the post's emails by outcome.
    await expect(
      newsletter.getByRole('table', { name: /1 new subscriber and 0 unsubscribed/ }),
    ).toBeAttached();
    await expect(newsletter.getByRole('row', { name: new RegExp(`${title}.* 1 0 0 0`) })).toBeVisible();
    await expect(newsletter.getByText(/Opens are not counted/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await expectNoHorizontalScroll(page, viewport.width);
    await page.screenshot({
      path: `${SHOTS ?? 'test-results'}/stats-newsletter-${viewport.width}-${colorScheme}.png`,
      fullPage: true,
    });

    // A top post's title opens its own stats, by keyboard too.
    await page.getByRole('region', { name: 'Top posts' }).getByRole('link', { name: title }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/stats\\?post=${postId}`));
    await expect(page.getByRole('heading', { level: 1, name: `Stats of “${title}”` })).toBeVisible();
    const sources = page.getByRole('region', { name: 'Sources' });
    await expect(sources.getByRole('row', { name: 'newsletter 2 1 50%' })).toBeVisible();
    await expect(sources.getByRole('row', { name: 'news.example 1 0 0%' })).toBeVisible();
    const emailed = page.getByRole('region', { name: 'Email' });
    await expect(emailed.getByText('Sent', { exact: true }).locator('..').locator('dd')).toHaveText('1');
    await expect(emailed.getByText(/Opens are not counted/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the post' })).toHaveAttribute(
      'href',
      `/readblog?id=${postId}`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await expectNoHorizontalScroll(page, viewport.width);
    await page.screenshot({
      path: `${SHOTS ?? 'test-results'}/stats-post-${viewport.width}-${colorScheme}.png`,
      fullPage: true,
    });
  }
});

test('a writer’s visits to their blog’s own address stop counting once they follow the Stats page’s link, and count again after', async ({
  browser,
  newPage,
}) => {
  test.setTimeout(120_000);
  const writer = await createUser(server.baseURL, 'Uncounted Writer');
  const created = await fetch(`${server.baseURL}/api/post/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
    body: JSON.stringify({ title: 'Seen by its writer', content: 'Mine.', newsletter: 'web' }),
  });
  const postId = ((await created.json()) as { response: { id: string } }).response.id;
  const blog = await ownBlog(writer);
  const page = await reader(browser, { viewport: PHONE, colorScheme: 'dark' });
  await signInAs(page, writer);
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url() === `${site}/api/stats/event` && !request.headers().authorization)
      beacons.push(request.postData() ?? '');
  });

  await page.goto('/stats');
  const own = page.getByRole('region', { name: 'Your own visits' });
  const stop = own.getByRole('link', { name: `Stop counting this browser on ${new URL(blog.url).host}` });
  await expect(stop).toHaveAttribute('href', `${blog.url}/#inkwell-stats=off`);
  await stop.click();
  // The blog's home says so (its script permitted by the site's policy), and the fragment leaves the address.
  const choice = page.locator('#stats-choice');
  await expect(choice).toHaveText("This browser's visits to this site are no longer counted in its stats.");
  await expect(choice).toHaveAttribute('role', 'status');
  await expect(page).toHaveURL(`${blog.url}/`);
  await page.goto(`${blog.url}/posts/${postId}`);
  await page.waitForLoadState('load');
  await page.goto(`${blog.url}/`);
  await page.waitForLoadState('load');
  expect(beacons).toEqual([]);

  // Undone: the next visit reports again (and counts).
  await page.goto(`${blog.url}/#inkwell-stats=on`);
  await expect(choice).toHaveText("This browser's visits to this site are counted again.");
  const beacon = page.waitForRequest((request) => request.url() === `${site}/api/stats/event`);
  await page.goto(`${blog.url}/posts/${postId}`);
  expect(JSON.parse((await beacon).postData() ?? '{}')).toMatchObject({ id: postId, event: 'view' });
  await expect.poll(async () => (await statsOf(writer, postId)).views, { timeout: 20_000 }).toBe(1);

  // Both pages read well at 375 px in the dark, with axe 0 (axe needs the policy bypassed).
  const look = await newPage({ baseURL: site, viewport: PHONE, colorScheme: 'dark', bypassCSP: true });
  await signInAs(look, writer);
  await look.goto('/stats');
  await expect(look.getByRole('region', { name: 'Your own visits' })).toBeVisible();
  expect(await axeViolations(look)).toEqual([]);
  await expectNoHorizontalScroll(look, PHONE.width);
  // A site page has no app to wait for: the frame's own goto.
  await look.mainFrame().goto(`${blog.url}/#inkwell-stats=off`);
  await expect(look.locator('#stats-choice')).toBeVisible();
  expect(await axeViolations(look)).toEqual([]);
  await expectNoHorizontalScroll(look, PHONE.width);
  await look.screenshot({
    path: `${SHOTS ?? 'test-results'}/stats-not-counted-375-dark.png`,
    fullPage: true,
  });
});
