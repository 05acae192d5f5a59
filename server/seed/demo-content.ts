import type { Kysely } from 'kysely';
import { usernameKey } from '../../contracts/auth';
import { insertPersonalPublication } from '../modules/publications/personal-publication';
import type { DatabaseSchema } from '../db/schema';
import { uuidv7 } from '../lib/ids';
import { attachTags, joinTags } from '../modules/posts/post-tags';
import { inTransaction } from '../db/transaction';

/** The demo author has no password hash, so nobody can sign in as them. */
export const DEMO_AUTHOR_EMAIL = 'demo@inkwell.invalid';
export const DEMO_AUTHOR_NAME = 'Inkwell Team';
/** Its /@handle address; left off when someone else holds it already. */
export const DEMO_AUTHOR_HANDLE = 'inkwell_team';

const WELCOME_POSTS: { title: string; content: string; tags: string[] }[] = [
  {
    title: 'Running Inkwell on your own machine',
    content: `Inkwell is two commands away on any machine with Node.js 22 or 24:

\`\`\`
npm install && npm start
\`\`\`

It serves the site and its API at http://localhost:3000 and keeps everything in one SQLite file under \`./data\`. Back that folder up and you have backed up your blog.

When one machine is not enough, set \`DATABASE_URL\` to a PostgreSQL database: the same migrations run there, and several Inkwell instances can share it.`,
    tags: ['inkwell', 'self-hosting'],
  },
  {
    title: 'Writing in Markdown',
    content: `Posts are written in **Markdown**, so formatting never gets in the way of the words.

## What you can use

- *Emphasis* and **strong emphasis**
- [Links](https://commonmark.org/help/) that open safely
- Lists, block quotes and \`inline code\`

> Plain text reads naturally too: line breaks are kept
> just as you typed them.

Raw HTML is shown as text, never run, so a post can quote code without any risk to its readers.`,
    tags: ['inkwell', 'markdown', 'writing'],
  },
  {
    title: 'Welcome to Inkwell',
    content: `Inkwell is a calm place to read, to write and to deepen your understanding.

Sign up to publish your own posts, follow the writers you like, keep favorites for later and join the discussion under every post.

These welcome posts come from a demo author who cannot sign in. Start the server with \`SEED_DEMO=0\` to begin with an empty site.`,
    tags: ['inkwell'],
  },
];

/**
 * Adds the welcome posts once, on a database that has never had them. Returns whether it did.
 *
 * Safe when instances start together: the author is inserted first with `on conflict do nothing`
 * on its fixed email key, so exactly one seeder's insert lands (the others wait on the unique
 * index until it commits, then insert nothing) and only that one adds the posts, in the same
 * transaction. No read-then-write, so no window for a duplicate.
 */
export async function seedDemoContent(db: Kysely<DatabaseSchema>): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const start = Date.now() - WELCOME_POSTS.length * 60_000;
    const authorId = uuidv7(start - 60_000);
    const joined = new Date(start - 60_000).toISOString();
    const inserted = await trx
      .insertInto('users')
      .values({
        id: authorId,
        username: DEMO_AUTHOR_NAME,
        // Names are unique: nobody else can then sign up as the team.
        username_key: usernameKey(DEMO_AUTHOR_NAME),
        email: DEMO_AUTHOR_EMAIL,
        email_key: DEMO_AUTHOR_EMAIL,
        password_hash: null,
        created_at: joined,
        updated_at: joined,
      })
      // Any conflict: the email key (another seeder was first), or, on an instance seeded late,
      // someone already called "Inkwell Team"; either way this seeder adds nothing.
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    await giveDemoAuthorHandle(trx);
    if (inserted === undefined) return false;
    await insertPersonalPublication(trx, { id: authorId, username: DEMO_AUTHOR_NAME, created_at: joined });
    // Oldest first, a minute apart, so "Welcome to Inkwell" tops the newest-first list.
    for (const [index, post] of WELCOME_POSTS.entries()) {
      const at = start + index * 60_000;
      const iso = new Date(at).toISOString();
      const id = uuidv7(at);
      await trx
        .insertInto('posts')
        .values({
          id,
          author_id: authorId,
          title: post.title,
          content: post.content,
          tags: joinTags(post.tags),
          created_at: iso,
          updated_at: iso,
          published_at: iso,
        })
        .execute();
      // Through the same writer as every post, so the topics' counts agree.
      await attachTags(trx, id, post.tags, iso);
    }
    return true;
  });
}

/**
 * The demo author's handle, given here rather than by the handles migration (which found no demo
 * author on a fresh database): also on a database seeded before handles existed. Only while the
 * author has none and nobody else holds it, so a second run, or a person called inkwell_team, wins.
 */
async function giveDemoAuthorHandle(db: Kysely<DatabaseSchema>): Promise<void> {
  await db
    .updateTable('users')
    .set({ handle: DEMO_AUTHOR_HANDLE })
    .where('email_key', '=', DEMO_AUTHOR_EMAIL)
    .where('handle', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as holder').select('holder.id').where('holder.handle', '=', DEMO_AUTHOR_HANDLE),
        ),
      ),
    )
    .execute();
}
