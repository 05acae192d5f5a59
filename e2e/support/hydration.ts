import type { ConsoleMessage, Page } from '@playwright/test';
import { appIsInteractive } from './fixtures';

/**
 * Resolves once React has hydrated the server's HTML (the app marks <html data-hydrated>), then
 * waits for the requests hydration started to settle.
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
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    interface ShiftSource {
      node: Node | null;
      previousRect: DOMRectReadOnly;
      currentRect: DOMRectReadOnly;
    }
    const box = (rect: DOMRectReadOnly) =>
      `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const classes = Array.from(node.classList)
        .map((name) => `.${name}`)
        .join('');
      return `${node.tagName.toLowerCase()}${classes} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; sources?: ShiftSource[] };
        // Where each moved thing was and went, and when, so a failure says how it moved.
        const at = `at ${Math.round(entry.startTime)} ms`;
        shifts.push({
          value: shift.value,
          moved: (shift.sources ?? []).map(
            (source) =>
              `${describe(source.node)} ${at} from ${box(source.previousRect)} to ${box(source.currentRect)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts so far: their total, and what moved, to say in a failure what to fix. */
export function layoutShifts(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(() => {
    const shifts = (window as unknown as { __layoutShifts: { value: number; moved: string[] }[] })
      .__layoutShifts;
    return {
      total: shifts.reduce((sum, shift) => sum + shift.value, 0),
      moved: shifts.flatMap((shift) => shift.moved),
    };
  });
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
