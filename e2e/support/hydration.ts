import type { ConsoleMessage, Page } from 'playwright-core';
import { appIsInteractive } from './browser';

/**
 * Resolves once React has hydrated the server's HTML: the header, rendered by the server, has
 * become React's own element. Then waits for the requests hydration started to settle.
 */
export async function hydrated(page: Page): Promise<void> {
  await appIsInteractive(page);
  await page.waitForLoadState('networkidle');
}

/** Every console warning and error, and every uncaught page error, from now on. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The browser's own note on a page answered with its honest 404 status.
    if (/^Failed to load resource: .* 404/.test(message.text()) && message.location().url === page.url())
      return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Records every layout shift (the browser's Layout Instability API) from the first paint on. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __layoutShifts: number[] }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { __layoutShifts: number[] }).__layoutShifts.reduce((sum, value) => sum + value, 0),
  );
}
