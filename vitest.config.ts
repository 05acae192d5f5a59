import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Projects run one after another: the browser tests get the machine's two cores alone.
          sequence: { groupOrder: 0 },
          include: [
            'bench/**/*.test.ts',
            'contracts/**/*.test.ts',
            'server/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Vitest's one-second default for expect.poll is shorter than a page's next request takes
          // when two browser files share two cores; Playwright's own waits allow 30 s.
          expect: { poll: { timeout: 10_000 } },
          // One shared server and one browser per file; two files at once fits two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
