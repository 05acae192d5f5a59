import { spawn } from 'node:child_process';

/**
 * Runs `count` copies of a script (scripts/migrate.ts, scripts/seed.ts) that start at the same
 * instant: all load first, however slow the machine, then all are told to go at once. Resolves
 * with each one's last line of stdout, parsed as JSON; rejects if any exits non-zero.
 */
export async function runAtOnce<T>(script: string, env: Record<string, string>, count = 3): Promise<T[]> {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env, MIGRATE_WAIT_FOR_GO: '1' },
    }),
  );
  const results = children.map(
    (child) =>
      new Promise<T>((resolve, reject) => {
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => {
          if (code !== 0) return reject(new Error(`${script} exited ${code}: ${stderr}`));
          const last = stdout.trim().split('\n').pop() ?? '{}';
          resolve(JSON.parse(last) as T);
        });
      }),
  );
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          const onData = (chunk: Buffer) => {
            if (chunk.toString().includes('ready')) {
              child.stderr.off('data', onData);
              resolve();
            }
          };
          child.stderr.on('data', onData);
        }),
    ),
  );
  children.forEach((child) => child.stdin.end('go\n'));
  return Promise.all(results);
}
