import { test as base, expect, type BrowserContext, type Page, type Response } from '@playwright/test';

export { expect };

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * A time zone in which today's date is not the date in UTC, whatever the hour: the server renders
 * dates in UTC, so a page hydrated there shows whether the browser first renders the same.
 */
export function faraway(): string {
  return new Date().getUTCHours() < 12 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** false: a reader without JavaScript. */
  javaScriptEnabled?: boolean;
  colorScheme?: 'light' | 'dark';
  /** Lets a test inject a script (axe) that the page's Content-Security-Policy would refuse. */
  bypassCSP?: boolean;
  /** Another server than the shared one. */
  baseURL?: string;
  /** The reader's time zone, e.g. 'Pacific/Kiritimati'. */
  timezoneId?: string;
}

export type NewPage = (options?: PageOptions) => Promise<Page>;

interface Fixtures {
  /**
   * A fresh page in a fresh context (empty local storage, nobody signed in), closed after the
   * test. A test may open several, e.g. two readers, or the same reader at two widths.
   */
  newPage: NewPage;
}

interface WorkerFixtures {
  /** The shared server that the global setup started (e2e/support/start-server.ts). */
  serverURL: string;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  serverURL: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const baseURL = process.env.E2E_BASE_URL;
      if (!baseURL)
        throw new Error('E2E_BASE_URL is unset: run the browser tests with `npx playwright test`');
      await use(baseURL);
    },
    { scope: 'worker' },
  ],
  newPage: async ({ browser, serverURL }, use) => {
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({
        baseURL: options.baseURL ?? serverURL,
        viewport: options.viewport ?? DESKTOP,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        colorScheme: options.colorScheme ?? 'light',
        bypassCSP: options.bypassCSP ?? false,
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      if (options.javaScriptEnabled ?? true) waitForTheAppAfterLoads(page);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
    // A failed page script fails the test instead of hiding behind a screen that looks right.
    expect(pageErrors, 'errors thrown by the page').toEqual([]);
  },
});

/**
 * A server-rendered page is on screen before its script has run: a click or a keystroke then
 * reaches HTML that React has not taken over yet (its forms cannot be sent, its buttons do
 * nothing). A person waits for the page to respond; tests wait for the same thing after every
 * full load, so what they then do is what a reader does, however busy the machine is.
 */
function waitForTheAppAfterLoads(page: Page): void {
  const afterLoad =
    <A extends unknown[]>(load: (...args: A) => Promise<Response | null>) =>
    async (...args: A): Promise<Response | null> => {
      const response = await load(...args);
      if (response?.headers()['content-type']?.startsWith('text/html')) await appIsInteractive(page);
      return response;
    };
  page.goto = afterLoad(page.goto.bind(page));
  page.reload = afterLoad(page.reload.bind(page));
}

/** React has hydrated (or rendered) the page: the app marks the document once it has (app.tsx). */
export async function appIsInteractive(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}
