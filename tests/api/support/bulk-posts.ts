import { uuidv7 } from '../../../server/lib/ids';
import type { ApiContext } from './harness';

/** 8 columns × 4,000 rows stays under both SQLite's (32,766) and PostgreSQL's (65,535) parameter limits. */
const ROWS_PER_STATEMENT = 4000;

export interface BulkSeed {
  authorIds: string[];
  postIds: string[];
}

/**
 * Writes `posts` posts by `authors` new authors straight into the database in multi-row inserts
 * (as bench/seed.ts does), for tests that need more posts than the API could create in time.
 * Posts are oldest first with rising UUIDv7 ids, a second apart, ending before now.
 */
export async function bulkInsertPosts(
  ctx: ApiContext,
  options: { posts: number; authors: number },
): Promise<BulkSeed> {
  const { db } = ctx.database;
  const start = Date.now() - (options.posts + 1) * 1000;
  const joined = new Date(start - 1000).toISOString();
  const authorIds: string[] = [];
  const users = [];
  for (let index = 0; index < options.authors; index += 1) {
    const id = uuidv7(start - 1000 - options.authors + index);
    const email = `bulk-${id}@example.com`;
    authorIds.push(id);
    users.push({
      id,
      username: `bulk author ${id.slice(-12)}`,
      email,
      email_key: email,
      password_hash: null,
      created_at: joined,
      updated_at: joined,
    });
  }
  await db.insertInto('users').values(users).execute();

  const postIds: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < options.posts; first += ROWS_PER_STATEMENT) {
      const rows = [];
      for (let index = first; index < Math.min(options.posts, first + ROWS_PER_STATEMENT); index += 1) {
        const at = start + index * 1000;
        const id = uuidv7(at);
        const created = new Date(at).toISOString();
        postIds.push(id);
        rows.push({
          id,
          author_id: authorIds[index % authorIds.length] ?? '',
          title: `Bulk post ${index}`,
          content: `Body ${index}`,
          created_at: created,
          published_at: created,
          // Every tenth post was edited a minute later, so lastmod is not always the creation time.
          updated_at: index % 10 === 0 ? new Date(at + 60_000).toISOString() : created,
        });
      }
      await trx.insertInto('posts').values(rows).execute();
    }
  });
  return { authorIds, postIds };
}
