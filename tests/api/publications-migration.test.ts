import { expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { PostsRepository } from '../../server/modules/posts/posts-repository';
import { describeMigration } from './support/migration-tests';

const MIGRATION = '2026-11-25-0201-create-publications';

/** Accounts as they exist before publications: names that collide, are reserved or have no Latin letters. */
const USERS = [
  { id: '00000000-0000-7000-8000-000000000001', username: 'Ada', key: 'ada' },
  { id: '00000000-0000-7000-8000-000000000002', username: 'Ada!', key: 'ada!' },
  { id: '00000000-0000-7000-8000-000000000003', username: 'www', key: 'www' },
  { id: '00000000-0000-7000-8000-000000000004', username: '日本語', key: '日本語' },
  { id: '00000000-0000-7000-8000-000000000005', username: 'writer', key: 'writer' },
  // Deleted with their posts kept: no name to address, so no blog.
  { id: '00000000-0000-7000-8000-000000000006', username: 'former member', key: null },
];
const POST_ID = '00000000-0000-7000-8000-0000000000aa';

/** Accounts and a post as they were before publications. */
async function seedBeforePublications(database: Database): Promise<void> {
  for (const [index, user] of USERS.entries()) {
    const at = `2026-01-0${index + 1}T00:00:00.000Z`;
    await database.db
      .insertInto('users')
      .values({
        id: user.id,
        username: user.username,
        username_key: user.key,
        email: `${index}@example.com`,
        email_key: `${index}@example.com`,
        password_hash: 'x',
        created_at: at,
        updated_at: at,
      } as never)
      .execute();
  }
  await database.db
    .insertInto('posts')
    .values({
      id: POST_ID,
      author_id: USERS[0]?.id ?? '',
      title: 'Written before publications',
      content: 'Still here.',
      created_at: '2026-01-10T00:00:00.000Z',
      updated_at: '2026-01-10T00:00:00.000Z',
      published_at: '2026-01-10T00:00:00.000Z',
    } as never)
    .execute();
}

describeMigration(
  'publications migration gives existing accounts their own blogs',
  { migration: MIGRATION, seed: seedBeforePublications, until: 'latest' },
  (database) => {
    it('makes one blog per addressable account, each address unique and never reserved', async () => {
      const { db } = database();
      const rows = await db
        .selectFrom('publications')
        .innerJoin('publication_members', 'publication_members.publication_id', 'publications.id')
        .select(['publications.id', 'publications.slug', 'publications.name', 'publication_members.role'])
        .orderBy('publications.id')
        .execute();
      expect(rows.map((row) => [row.id.slice(-1), row.slug, row.name, row.role])).toEqual([
        ['1', 'ada', 'Ada', 'owner'],
        ['2', 'ada-2', 'Ada!', 'owner'],
        // Reserved, or no letter to make an address of: the fallback, numbered, after real names.
        ['3', 'writer-2', 'www', 'owner'],
        ['4', 'writer-3', '日本語', 'owner'],
        ['5', 'writer', 'writer', 'owner'],
      ]);
    });

    it("leaves every post where it was: in its author's own blog", async () => {
      const { db } = database();
      const post = await new PostsRepository(db).findById(POST_ID, null);
      expect(post?.publication).toEqual({ slug: 'ada', name: 'Ada', personal: true, domain: null });
    });
  },
);
