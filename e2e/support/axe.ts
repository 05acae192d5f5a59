import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

export interface AxeViolation {
  id: string;
  /** The selectors of the elements that break the rule. */
  targets: string[];
}

/**
 * Runs axe-core in the page and answers its violations, each with the elements concerned, so a
 * failing test says what to fix. The page must have been opened with `bypassCSP`: axe is injected
 * as a script the site's policy would refuse.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    interface AxeResults {
      violations: { id: string; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document);
    return results.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}
