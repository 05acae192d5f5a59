import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Debian's package, never a downloaded browser: `apt-get install chromium` (or set CHROMIUM_PATH). */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) throw new Error('Chromium not found: apt-get install chromium (or set CHROMIUM_PATH)');
  return found;
}

/*
 * The browser suite (docs/decisions/0056-browser-tests-on-playwright-test.md): Debian's Chromium,
 * the built server started once for every file, and no retries, since a test that passes on a
 * second try has found a defect the first time.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.test.ts',
  globalSetup: './e2e/support/start-server.ts',
  // Two cores: one browser per worker, the files shared between them, each file's tests in order.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    // Set by the global setup, which starts the server before the workers read this file.
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    colorScheme: 'light',
    actionTimeout: 10_000,
    navigationTimeout: 10_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
