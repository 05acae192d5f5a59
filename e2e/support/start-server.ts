import { spawnSync } from 'node:child_process';
import { startBuiltServer } from './server-process';

/**
 * Builds the product as `npm start` does and runs the real server on a free port with its own
 * SQLite file, so browser tests exercise exactly what a user gets. The workers start after this
 * and inherit its environment: E2E_BASE_URL is every test's base URL (playwright.config.ts).
 */
export default async function startServer(): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build', '--silent'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const server = await startBuiltServer();
  process.env.E2E_BASE_URL = server.baseURL;
  return () => server.stop();
}
