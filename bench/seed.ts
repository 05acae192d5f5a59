import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { uuidv7 } from '../server/lib/ids';
import { stemmer } from 'stemmer';
import {
  authorName,
  everydayWords,
  createContentPool,
  createRandom,
  postContent,
  postTitle,
  randomInt,
  type ContentPool,
  type Random,
} from './content';
import type { BenchDatabase } from './databases';
import { TOPIC_WORDS, tagNames, tagPicker, tagSentence } from './topics';

/**
 * Posts the favorite scenario favorites, one new row a request: more than a warm-up and a
 * measured run send at the write target (3,000 a second for 13 s), so few repeat (a repeat is
 * idempotent, and cheaper).
 */
const FAVORITE_TARGETS = 60_000;

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
  /** Up to FAVORITE_TARGETS posts spread over the table: each favorite write is a new row. */
  favoriteTargetIds: string[];
  sampleAuthorIds: string[];
  /** Popular tags with a full first page at any size, for the topic scenario. */
  sampleTags: string[];
  /** Two-word searches of topical words, for the search scenario. */
  searchQueries: string[];
  /** Distinct tags in use and tag rows written (post_tags). */
  tags: number;
  postTags: number;
}

/** A few thousand tags, long-tailed: the most popular is on about one post in eight. */
const TAG_COUNT = 3000;
const SAMPLE_TAGS = 50;
const SEARCH_QUERIES = 50;

const POST_COLUMNS = [
  'id',
  'author_id',
  'title',
  'content',
  'tags',
  'created_at',
  'updated_at',
  'published_at',
] as const;
const POST_TAG_COLUMNS = ['tag', 'post_id', 'published_at'] as const;
const TAG_COLUMNS = ['name', 'post_count', 'created_at'] as const;
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

interface PostBatch {
  posts: Cell[][];
  postTags: Cell[][];
}

interface Generated {
  authorRows: Cell[][];
  authorIds: string[];
  /** Every tag name, most popular first; their rows go in before any post. */
  tagNames: string[];
  firstPostAt: string;
  /** Yields the posts, oldest first (so UUIDv7 ids rise), in batches of flat rows. */
  postBatches(batchSize: number): Generator<PostBatch>;
  sampledPostIds: string[];
  favoriteTargetIds: string[];
  /** Posts per author, by author index, filled in as the posts are generated. */
  postsPerAuthor: Uint32Array;
  /** Posts per tag, by its index in tagNames, filled in as the posts are generated. */
  postsPerTag: Uint32Array;
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
  const favoriteEvery = Math.max(1, Math.floor(options.posts / FAVORITE_TARGETS));
  const favoriteTargetIds: string[] = [];
  const step = SPAN_MS / options.posts;
  const postsPerAuthor = new Uint32Array(options.authors);
  const names = tagNames(TAG_COUNT);
  const tagIndex = new Map(names.map((name, index) => [name, index]));
  const postsPerTag = new Uint32Array(names.length);
  const pickTags = tagPicker(random, names);

  function* postBatches(batchSize: number): Generator<PostBatch> {
    let batch: Cell[][] = [];
    let postTags: Cell[][] = [];
    for (let i = 0; i < options.posts; i++) {
      // Strictly increasing timestamps with jitter inside each post's slot.
      const at = Math.floor(firstPostAt + i * step + random() * step * 0.9);
      const id = uuidv7(at);
      const created = new Date(at).toISOString();
      const edited = random() < 0.1 ? Math.min(now, at + randomInt(random, 60_000, 30 * DAY)) : at;
      const authorIndex = randomInt(random, 0, authorIds.length);
      const author = authorIds[authorIndex] ?? '';
      postsPerAuthor[authorIndex] = (postsPerAuthor[authorIndex] ?? 0) + 1;
      const tags = pickTags();
      for (const tag of tags) {
        const index = tagIndex.get(tag) ?? 0;
        postsPerTag[index] = (postsPerTag[index] ?? 0) + 1;
        postTags.push([tag, id, created]);
      }
      batch.push([
        id,
        author,
        postTitle(random, pool),
        postContent(random, pool, tagSentence(random, tags)),
        tags.join(' '),
        created,
        new Date(edited).toISOString(),
        created,
      ]);
      if (i % sampleEvery === 0 && sampledPostIds.length < options.sampleSize) sampledPostIds.push(id);
      if (i % favoriteEvery === 0 && favoriteTargetIds.length < FAVORITE_TARGETS) favoriteTargetIds.push(id);
      if (batch.length === batchSize) {
        yield { posts: batch, postTags };
        batch = [];
        postTags = [];
      }
    }
    if (batch.length > 0) yield { posts: batch, postTags };
  }

  return {
    authorRows,
    authorIds,
    tagNames: names,
    firstPostAt: new Date(firstPostAt).toISOString(),
    postBatches,
    sampledPostIds,
    favoriteTargetIds,
    postsPerAuthor,
    postsPerTag,
  };
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

    const insertTags = sqlite.prepare(insertSql('tags', TAG_COLUMNS, 1, 'sqlite'));
    sqlite.transaction(() => {
      for (const name of data.tagNames) insertTags.run([name, 0, data.firstPostAt]);
    })();

    const full = sqlite.prepare(insertSql('posts', POST_COLUMNS, SQLITE_ROWS_PER_STATEMENT, 'sqlite'));
    const fullTags = sqlite.prepare(
      insertSql('post_tags', POST_TAG_COLUMNS, SQLITE_ROWS_PER_STATEMENT, 'sqlite'),
    );
    const insertTagRows = (rows: Cell[][]) => {
      for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_STATEMENT) {
        const slice = rows.slice(start, start + SQLITE_ROWS_PER_STATEMENT);
        const statement =
          slice.length === SQLITE_ROWS_PER_STATEMENT
            ? fullTags
            : sqlite.prepare(insertSql('post_tags', POST_TAG_COLUMNS, slice.length, 'sqlite'));
        statement.run(slice.flat());
      }
    };
    // Every post fires the search triggers of the migration, as a post written through the API does.
    const insertBatches = sqlite.transaction((batches: PostBatch[]) => {
      for (const batch of batches) {
        const statement =
          batch.posts.length === SQLITE_ROWS_PER_STATEMENT
            ? full
            : sqlite.prepare(insertSql('posts', POST_COLUMNS, batch.posts.length, 'sqlite'));
        statement.run(batch.posts.flat());
        insertTagRows(batch.postTags);
      }
    });
    let pending: PostBatch[] = [];
    let pendingRows = 0;
    for (const batch of data.postBatches(SQLITE_ROWS_PER_STATEMENT)) {
      pending.push(batch);
      pendingRows += batch.posts.length;
      if (pendingRows >= SQLITE_ROWS_PER_TRANSACTION) {
        insertBatches(pending);
        pending = [];
        pendingRows = 0;
      }
    }
    if (pending.length > 0) insertBatches(pending);
    const setCount = sqlite.prepare('update tags set post_count = ? where name = ?');
    sqlite.transaction(() => {
      data.tagNames.forEach((name, index) => setCount.run(data.postsPerTag[index] ?? 0, name));
    })();
    sqlite.pragma('optimize');
    // Fold the WAL into the main file so the server starts on a settled database.
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    sqlite.close();
  }
}

/** 7 columns × 5,000 rows = 35,000 parameters, under PostgreSQL's limit of 65,535. */
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
    await client.query(`insert into tags (name, post_count, created_at) select unnest($1::text[]), 0, $2`, [
      data.tagNames,
      data.firstPostAt,
    ]);
    const fullSql = insertSql('posts', POST_COLUMNS, POSTGRES_ROWS_PER_STATEMENT, 'postgres');
    let inFlight: Promise<unknown> = client.query('begin');
    let statements = 0;
    // Every post fires the search trigger of the migration, as a post written through the API does.
    for (const batch of data.postBatches(POSTGRES_ROWS_PER_STATEMENT)) {
      const text =
        batch.posts.length === POSTGRES_ROWS_PER_STATEMENT
          ? fullSql
          : insertSql('posts', POST_COLUMNS, batch.posts.length, 'postgres');
      const values = batch.posts.flat();
      const tagRows = batch.postTags;
      await inFlight;
      statements += 1;
      const commit = statements % POSTGRES_STATEMENTS_PER_TRANSACTION === 0;
      inFlight = client
        .query(text, values)
        .then(() =>
          client.query(
            'insert into post_tags (tag, post_id, published_at) select unnest($1::text[]), unnest($2::text[]), unnest($3::text[])',
            [tagRows.map((row) => row[0]), tagRows.map((row) => row[1]), tagRows.map((row) => row[2])],
          ),
        )
        .then(() => (commit ? client.query('commit').then(() => client.query('begin')) : undefined));
    }
    await inFlight;
    await client.query('commit');
    await client.query(
      `update tags set post_count = counted.n
       from (select unnest($1::text[]) as name, unnest($2::int[]) as n) counted
       where tags.name = counted.name`,
      [data.tagNames, Array.from(data.postsPerTag)],
    );
    // What autovacuum would have done shortly after a bulk load: statistics and the visibility map.
    for (const table of ['users', 'posts', 'tags', 'post_tags'])
      await client.query(`vacuum analyze ${table}`);
  } finally {
    await client.end();
  }
}

/**
 * Two-word searches of topical words past the very top of the long tail (ranks 20 to 99, leaving
 * out any that share a stem with the everyday words every body is made of), as a reader looking
 * for something specific types them.
 */
function searchQueries(count: number): string[] {
  const everyday = new Set(everydayWords().map((word) => stemmer(word)));
  const words = TOPIC_WORDS.slice(20, 100).filter(
    (word) => !word.includes('-') && !everyday.has(stemmer(word)),
  );
  const queries: string[] = [];
  for (let i = 0; queries.length < count; i++) {
    const first = words[(i * 7) % words.length] ?? 'notes';
    const second = words[(i * 13 + 5) % words.length] ?? 'garden';
    if (first !== second) queries.push(`${first} ${second}`);
  }
  return queries;
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
  // Popular enough to fill a first page at every size the bench seeds.
  const pageSize = 21;
  const sampleTags = data.tagNames
    .filter((_, index) => (data.postsPerTag[index] ?? 0) >= pageSize)
    .slice(0, SAMPLE_TAGS);
  return {
    posts: options.posts,
    authors: options.authors,
    ms,
    authorIds: data.authorIds,
    samplePostIds: data.sampledPostIds,
    favoriteTargetIds: data.favoriteTargetIds,
    sampleAuthorIds,
    sampleTags,
    searchQueries: searchQueries(SEARCH_QUERIES),
    tags: data.postsPerTag.filter((count) => count > 0).length,
    postTags: data.postsPerTag.reduce((sum, count) => sum + count, 0),
  };
}
