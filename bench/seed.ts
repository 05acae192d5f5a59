import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { uuidv7 } from '../server/lib/ids';
import {
  authorName,
  createContentPool,
  createRandom,
  postContent,
  postTitle,
  randomInt,
  type ContentPool,
  type Random,
} from './content';
import type { BenchDatabase } from './databases';

export interface SeedOptions {
  posts: number;
  authors: number;
  /** How many post ids and author ids to keep for the read and profile scenarios. */
  sampleSize: number;
  /** PRNG seed: the same options seed the same content. */
  seed?: number;
}

export interface SeedResult {
  posts: number;
  authors: number;
  ms: number;
  authorIds: string[];
  samplePostIds: string[];
  sampleAuthorIds: string[];
}

const POST_COLUMNS = ['id', 'author_id', 'title', 'content', 'created_at', 'updated_at'] as const;
const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'email_key',
  'password_hash',
  'token_version',
  'created_at',
  'updated_at',
] as const;

type Cell = string | number | null;

const DAY = 24 * 60 * 60 * 1000;
const SPAN_MS = 3 * 365 * DAY;

interface Generated {
  authorRows: Cell[][];
  authorIds: string[];
  /** Yields the posts, oldest first (so UUIDv7 ids rise), in batches of flat rows. */
  postBatches(batchSize: number): Generator<Cell[][]>;
  sampledPostIds: string[];
  /** Posts per author, by author index, filled in as the posts are generated. */
  postsPerAuthor: Uint32Array;
}

/** Builds the authors and a lazy stream of posts spread over the past three years. */
function generate(options: SeedOptions): Generated {
  const random: Random = createRandom(options.seed ?? 20261121);
  const pool: ContentPool = createContentPool(random);
  const now = Date.now();
  const firstPostAt = now - SPAN_MS;
  const joinedAt = firstPostAt - 30 * DAY;

  const authorIds: string[] = [];
  const authorRows: Cell[][] = [];
  for (let i = 0; i < options.authors; i++) {
    const at = joinedAt + i * 1000;
    const id = uuidv7(at);
    const iso = new Date(at).toISOString();
    const email = `author${String(i).padStart(5, '0')}@bench.invalid`;
    authorIds.push(id);
    authorRows.push([id, `${authorName(i)} ${i}`, email, email, null, 0, iso, iso]);
  }

  // Which posts to remember for the read scenario: spread evenly, whatever N is.
  const sampleEvery = Math.max(1, Math.floor(options.posts / Math.max(1, options.sampleSize)));
  const sampledPostIds: string[] = [];
  const step = SPAN_MS / options.posts;
  const postsPerAuthor = new Uint32Array(options.authors);

  function* postBatches(batchSize: number): Generator<Cell[][]> {
    let batch: Cell[][] = [];
    for (let i = 0; i < options.posts; i++) {
      // Strictly increasing timestamps with jitter inside each post's slot.
      const at = Math.floor(firstPostAt + i * step + random() * step * 0.9);
      const id = uuidv7(at);
      const created = new Date(at).toISOString();
      const edited = random() < 0.1 ? Math.min(now, at + randomInt(random, 60_000, 30 * DAY)) : at;
      const authorIndex = randomInt(random, 0, authorIds.length);
      const author = authorIds[authorIndex] ?? '';
      postsPerAuthor[authorIndex] = (postsPerAuthor[authorIndex] ?? 0) + 1;
      batch.push([
        id,
        author,
        postTitle(random, pool),
        postContent(random, pool),
        created,
        new Date(edited).toISOString(),
      ]);
      if (i % sampleEvery === 0 && sampledPostIds.length < options.sampleSize) sampledPostIds.push(id);
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  return { authorRows, authorIds, postBatches, sampledPostIds, postsPerAuthor };
}

function placeholders(columns: number, rows: number, style: 'sqlite' | 'postgres'): string {
  const tuples: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < columns; c++) cells.push(style === 'sqlite' ? '?' : `$${r * columns + c + 1}`);
    tuples.push(`(${cells.join(',')})`);
  }
  return tuples.join(',');
}

function insertSql(table: string, columns: readonly string[], rows: number, style: 'sqlite' | 'postgres') {
  return `insert into ${table} (${columns.join(', ')}) values ${placeholders(columns.length, rows, style)}`;
}

const SQLITE_ROWS_PER_STATEMENT = 500;
const SQLITE_ROWS_PER_TRANSACTION = 20_000;

/** better-sqlite3 directly: one prepared 500-row statement, reused, 20,000 rows per transaction. */
function seedSqlite(file: string, data: Generated): void {
  const sqlite = new SqliteDatabase(file);
  try {
    // A throwaway database: no fsync while loading. WAL stays the journal mode the server expects.
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('cache_size = -262144');
    sqlite.pragma('foreign_keys = ON');
    const insertUsers = sqlite.prepare(insertSql('users', USER_COLUMNS, data.authorRows.length, 'sqlite'));
    sqlite.transaction(() => insertUsers.run(data.authorRows.flat()))();

    const full = sqlite.prepare(insertSql('posts', POST_COLUMNS, SQLITE_ROWS_PER_STATEMENT, 'sqlite'));
    const insertBatches = sqlite.transaction((batches: Cell[][][]) => {
      for (const batch of batches) {
        const statement =
          batch.length === SQLITE_ROWS_PER_STATEMENT
            ? full
            : sqlite.prepare(insertSql('posts', POST_COLUMNS, batch.length, 'sqlite'));
        statement.run(batch.flat());
      }
    });
    let pending: Cell[][][] = [];
    let pendingRows = 0;
    for (const batch of data.postBatches(SQLITE_ROWS_PER_STATEMENT)) {
      pending.push(batch);
      pendingRows += batch.length;
      if (pendingRows >= SQLITE_ROWS_PER_TRANSACTION) {
        insertBatches(pending);
        pending = [];
        pendingRows = 0;
      }
    }
    if (pending.length > 0) insertBatches(pending);
    // Fold the WAL into the main file so the server starts on a settled database.
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    sqlite.close();
  }
}

/** 6 columns × 5,000 rows = 30,000 parameters, under PostgreSQL's limit of 65,535. */
const POSTGRES_ROWS_PER_STATEMENT = 5000;
const POSTGRES_STATEMENTS_PER_TRANSACTION = 4;

/** node-postgres directly: 5,000-row statements, the next batch generated while one is in flight. */
async function seedPostgres(url: string, data: Generated): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    await client.query(
      insertSql('users', USER_COLUMNS, data.authorRows.length, 'postgres'),
      data.authorRows.flat(),
    );
    const fullSql = insertSql('posts', POST_COLUMNS, POSTGRES_ROWS_PER_STATEMENT, 'postgres');
    let inFlight: Promise<unknown> = client.query('begin');
    let statements = 0;
    for (const batch of data.postBatches(POSTGRES_ROWS_PER_STATEMENT)) {
      const text =
        batch.length === POSTGRES_ROWS_PER_STATEMENT
          ? fullSql
          : insertSql('posts', POST_COLUMNS, batch.length, 'postgres');
      const values = batch.flat();
      await inFlight;
      statements += 1;
      const commit = statements % POSTGRES_STATEMENTS_PER_TRANSACTION === 0;
      inFlight = client
        .query(text, values)
        .then(() => (commit ? client.query('commit').then(() => client.query('begin')) : undefined));
    }
    await inFlight;
    await client.query('commit');
    // What autovacuum would have done shortly after a bulk load: statistics and the visibility map.
    await client.query('vacuum analyze users');
    await client.query('vacuum analyze posts');
  } finally {
    await client.end();
  }
}

export async function seedDatabase(database: BenchDatabase, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const data = generate(options);
  if (database.dialect === 'sqlite') seedSqlite(database.url, data);
  else await seedPostgres(database.url, data);
  const ms = performance.now() - started;
  // Authors with at least one post, spread over the list: the profile scenario never loads an empty page.
  const writers = data.authorIds.filter((_, index) => (data.postsPerAuthor[index] ?? 0) > 0);
  const step = Math.max(1, Math.floor(writers.length / options.sampleSize));
  const sampleAuthorIds = writers.filter((_, index) => index % step === 0).slice(0, options.sampleSize);
  return {
    posts: options.posts,
    authors: options.authors,
    ms,
    authorIds: data.authorIds,
    samplePostIds: data.sampledPostIds,
    sampleAuthorIds,
  };
}
