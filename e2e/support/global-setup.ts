import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * Builds the product as `npm start` does and runs the real server on a free port with its own
 * SQLite file, so browser tests exercise exactly what a user gets.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) {
    // Vitest sets NODE_ENV=test, which would put React's development build in the bundle.
    const build = spawnSync('npm', ['run', 'build', '--silent'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const server = await startBuiltServer();
  project.provide('baseURL', server.baseURL);
  return () => server.stop();
}
