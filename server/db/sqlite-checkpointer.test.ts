import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import SqliteDatabase from 'better-sqlite3';
import { openDatabase, type Database } from './database';
import { startSqliteCheckpointer } from './sqlite-checkpointer';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function openFile(): { database: Database; file: string } {
  const folder = mkdtempSync(join(tmpdir(), 'inkwell-checkpoint-'));
  folders.push(folder);
  const file = join(folder, 'inkwell.sqlite');
  return { database: openDatabase({ databaseUrl: file, dataDir: folder }), file };
}

/** About 4 MB of pages into the WAL, in many small commits, as requests write. */
async function writeMany(database: Database): Promise<void> {
  await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
  const body = 'x'.repeat(4000);
  for (let i = 0; i < 1000; i += 1) {
    await sql`insert into notes (body) values (${body})`.execute(database.db);
  }
}

const size = (file: string) => statSync(file).size;

describe('SQLite checkpoints off the request thread', () => {
  it('never checkpoints on the connection that serves requests', async () => {
    const { database } = openFile();
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        database.db,
      );
      expect(rows[0]?.wal_autocheckpoint).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('moves the written pages into the database file from its worker, soon after the writes', async () => {
    const { database, file } = openFile();
    try {
      await writeMany(database);
      // Without a checkpoint the 4 MB would still sit in the WAL, the database file a few pages long.
      await expect.poll(() => size(file), { timeout: 5_000, interval: 50 }).toBeGreaterThan(4_000_000);
    } finally {
      await database.close();
    }
  });

  it('folds the WAL in and removes it when the database closes', async () => {
    const { database, file } = openFile();
    await writeMany(database);
    await database.close();
    expect(() => statSync(`${file}-wal`)).toThrow(/ENOENT/);
    const reopened = openDatabase({ databaseUrl: file, dataDir: join(file, '..') });
    try {
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(reopened.db);
      expect(rows[0]?.n).toBe(1000);
    } finally {
      await reopened.close();
    }
  });

  it('gives checkpoints back to the request thread when its worker fails', async () => {
    const { database, file } = openFile();
    await database.close();
    const sqlite = new SqliteDatabase(file);
    try {
      // A worker whose database cannot be opened fails at once.
      const checkpointer = startSqliteCheckpointer(sqlite, `${file}.missing`);
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      await expect.poll(() => sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      await checkpointer.stop();
    } finally {
      sqlite.close();
    }
  });
});
