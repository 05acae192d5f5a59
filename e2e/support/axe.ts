import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);

export interface AxeViolation {
  id: string;
  /** The selectors of the elements that break the rule. */
  targets: string[];
}

export interface AxeOptions {
  /**
   * Rules axe leaves off by default to run too, e.g. 'target-size' (WCAG 2.5.8, which Lighthouse
   * checks): on for the pages whose tests say so.
   */
  alsoRun?: string[];
}

/**
 * Runs axe-core in the page and answers its violations, each with the elements concerned, so a
 * failing test says what to fix. The page must have been opened with `bypassCSP`: axe is injected
 * as a script the site's policy would refuse.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async (alsoRun) => {
    interface AxeResults {
      violations: { id: string; nodes: { target: string[] }[] }[];
    }
    type RunOptions = { rules: Record<string, { enabled: boolean }> };
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }
    ).axe;
    const rules = Object.fromEntries(alsoRun.map((rule) => [rule, { enabled: true }]));
    const results = await axe.run(document, { rules });
    return results.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, options.alsoRun ?? []);
}
