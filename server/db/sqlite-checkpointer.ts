import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** How often the worker moves the WAL's pages into the database file. */
const CHECKPOINT_INTERVAL_MS = 200;

/** SQLite's own default: a checkpoint once the WAL holds this many pages. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

/**
 * The worker's whole program, run from source text so that it needs no file of its own beside
 * the server's bundle. Its connection only checkpoints: PASSIVE never waits for a lock, so the
 * request thread's reads and writes go on while pages are copied.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy or failing checkpoint is simply tried again at the next tick.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface SqliteCheckpointer {
  /** Ends the worker after a last checkpoint; the request thread checkpoints again from then on. */
  stop(): Promise<void>;
}

/**
 * Moves SQLite's checkpoints off the request thread (better-sqlite3 is synchronous). By default
 * the commit that fills the WAL past 1,000 pages copies them into the database file, and fsyncs,
 * inside that request: measured on a 100,000-post database, a new post's commit took 0.3 ms at
 * the median and up to 176 ms when it checkpointed, which every queued request then waited for
 * (docs/decisions/0046-sqlite-checkpoints.md). Here the request thread never checkpoints, and a
 * worker thread with its own connection does it every 200 ms. If the worker fails, the request
 * thread takes checkpoints back, so the WAL never grows without bound.
 */
export function startSqliteCheckpointer(sqlite: SqliteDatabase.Database, file: string): SqliteCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const takeCheckpointsBack = () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
  // Whether it fails to start or later, and however it ends, the request thread checkpoints again.
  worker.on('error', takeCheckpointsBack);
  worker.once('exit', takeCheckpointsBack);
  // It never keeps the process alive on its own.
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  return {
    async stop() {
      // Waited for now: the process must not end before the worker's last checkpoint does.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
