import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs an operator's command to its end; resolves with its exit code and what it wrote on stderr. */
function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

// Every command an operator runs reads the server's configuration; a bad variable must come out
// as what to fix, not as a stack trace that hides it.
describe('a bad configuration, as the operator commands report it', () => {
  const commands: [string, string[]][] = [
    ['migrate', []],
    ['seed', []],
    ['backup', []],
    ['restore', ['backup.zip']],
    ['import', ['posts', '--user', 'someone']],
    ['repair-counts', []],
  ];

  it.each(commands)('%s prints the problem alone and exits 1', async (command, args) => {
    const { code, stderr } = await run(`scripts/${command}.ts`, args, { PORT: 'not-a-port' });
    expect(code).toBe(1);
    expect(stderr).toContain(`${command}: `);
    expect(stderr).toContain('PORT must be a non-negative integer, not "not-a-port"');
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
