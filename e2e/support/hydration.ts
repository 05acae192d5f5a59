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

/**
 * Counts, from the page's first script on, how many times React renders the element `selector`
 * names: React gives a host element a new props object (its `__reactProps$…` property) each time
 * its component renders it, and tells an installed developer tools hook of every commit.
 * `renderCount` answers how many different props objects the element had at those commits.
 */
export async function recordRenders(page: Page, selector: string): Promise<void> {
  await page.addInitScript((watched: string) => {
    const seen: object[] = [];
    (window as unknown as { __renders: object[] }).__renders = seen;
    const propsOf = (element: Element | null): object | undefined => {
      if (!element) return undefined;
      const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
      return key ? ((element as unknown as Record<string, object>)[key] ?? undefined) : undefined;
    };
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      inject: () => 1,
      onCommitFiberUnmount: () => {},
      onCommitFiberRoot: () => {
        const props = propsOf(document.querySelector(watched));
        if (props && !seen.includes(props)) seen.push(props);
      },
    };
  }, selector);
}

export function renderCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __renders: object[] }).__renders.length);
}
