/**
 * Lets a test start several processes at one instant, to prove a lock or a conflict clause holds
 * (MIGRATE_WAIT_FOR_GO=1): each says "ready" on stderr once loaded and waits for a line on stdin.
 */
export async function waitForStartSignal(): Promise<void> {
  if (process.env.MIGRATE_WAIT_FOR_GO !== '1') return;
  process.stderr.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.pause();
}
