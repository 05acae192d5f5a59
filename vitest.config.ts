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
          // Moved to Playwright's runner (playwright.config.ts); the rest follow.
          exclude: [
            'e2e/accounts-recovery.test.ts',
            'e2e/accounts-session.test.ts',
            'e2e/accounts.test.ts',
            'e2e/admin.test.ts',
            'e2e/api-keys.test.ts',
            'e2e/api-reference.test.ts',
            'e2e/conversation.test.ts',
            'e2e/discovery.test.ts',
            'e2e/discussions.test.ts',
            'e2e/editor-drafts.test.ts',
            'e2e/editor-keys.test.ts',
            'e2e/editor-paste.test.ts',
            'e2e/editor.test.ts',
            'e2e/favorites.test.ts',
            'e2e/guards.test.ts',
            'e2e/handles.test.ts',
            'e2e/header.test.ts',
            'e2e/hydration-dev.test.ts',
            'e2e/landing.test.ts',
            'e2e/passages.test.ts',
            'e2e/posts-list.test.ts',
            'e2e/posts-profile.test.ts',
            'e2e/posts-read.test.ts',
            'e2e/posts-write.test.ts',
            'e2e/publication-sites.test.ts',
            'e2e/publications.test.ts',
            'e2e/read-page-loading.test.ts',
            'e2e/server-rendering.test.ts',
            'e2e/site-files.test.ts',
            'e2e/usernames-and-profiles.test.ts',
            'e2e/webhooks.test.ts',
          ],
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
