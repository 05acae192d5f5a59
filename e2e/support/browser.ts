import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

function chromiumPath(): string {
  const found = CHROMIUM_CANDIDATES.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) throw new Error('Chromium not found: apt-get install chromium (or set CHROMIUM_PATH)');
  return found;
}

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

export interface BrowserSession {
  readonly baseURL: string;
  /** A fresh page in a fresh context: empty local storage, nobody signed in. */
  newPage(options?: PageOptions): Promise<Page>;
}

/**
 * One headless Debian Chromium per test file; each test opens clean contexts that are closed
 * after it. Console errors and failed page scripts fail loudly instead of hiding.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const baseURL = inject('baseURL');

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseURL,
    async newPage(options = {}) {
      if (!browser) throw new Error('browser used before beforeAll');
      const context = await browser.newContext({
        baseURL: options.baseURL ?? baseURL,
        viewport: options.viewport ?? DESKTOP,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        colorScheme: options.colorScheme ?? 'light',
        bypassCSP: options.bypassCSP ?? false,
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      });
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => {
        throw new Error(`page error: ${error.message}`);
      });
      if (options.javaScriptEnabled ?? true) waitForTheAppAfterLoads(page);
      return page;
    },
  };
}

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

/** React has hydrated (or rendered) the page: the header is React's own element. */
export async function appIsInteractive(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const header = document.querySelector('.site-header');
    return header !== null && Object.keys(header).some((key) => key.startsWith('__reactFiber'));
  });
}
