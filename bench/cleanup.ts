type Cleanup = () => Promise<void>;

const stack: Cleanup[] = [];

/**
 * Registers something to undo (a child process, a database) when the run ends or is interrupted.
 * Returns the undo itself, to call as soon as the thing is no longer needed; it runs once.
 */
export function onCleanup(cleanup: Cleanup): Cleanup {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await cleanup();
  };
  stack.push(once);
  return once;
}

/** Runs every registered cleanup not yet run, newest first. */
export async function cleanUp(): Promise<void> {
  while (stack.length > 0) {
    const cleanup = stack.pop();
    try {
      await cleanup?.();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

/** Ctrl-C mid-run still stops the servers and drops the database. */
export function cleanUpOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}
