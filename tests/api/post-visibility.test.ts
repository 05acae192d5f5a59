import { expect, it } from 'vitest';
import { nowIso } from '../../server/lib/clock';
import { isPubliclyVisible, publiclyVisible } from '../../server/modules/posts/post-visibility';
import { UsersRepository } from '../../server/modules/users/users-repository';
import { describeEachDatabase, signUpUser } from './support/harness';
import { createPost } from './support/posts';

const HOUR_MS = 60 * 60_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/**
 * The rule of who reads a post is written once for SQL and once for TypeScript
 * (server/modules/posts/post-visibility.ts); these must agree on every state a post can be in,
 * and the counts beside a writer's name must count exactly the posts the rule lets through.
 */
describeEachDatabase('a post readers can see', (ctx) => {
  it('is the same post to the SQL condition, the TypeScript predicate and the author counts', async () => {
    const writer = await signUpUser(ctx);
    const states: { publishedAt: string | null; hiddenAt: string | null }[] = [
      { publishedAt: at(-HOUR_MS), hiddenAt: null }, // published
      { publishedAt: null, hiddenAt: null }, // draft
      { publishedAt: at(HOUR_MS), hiddenAt: null }, // scheduled
      { publishedAt: at(-HOUR_MS), hiddenAt: at(-60_000) }, // hidden by a moderator
      { publishedAt: null, hiddenAt: at(-60_000) }, // a hidden draft
      { publishedAt: at(-2 * HOUR_MS), hiddenAt: null }, // published earlier
    ];
    const ids: string[] = [];
    for (const state of states) {
      const post = await createPost(ctx, writer);
      await ctx.database.db
        .updateTable('posts')
        .set({ published_at: state.publishedAt, hidden_at: state.hiddenAt })
        .where('id', '=', post.id)
        .execute();
      ids.push(post.id);
    }

    const now = nowIso();
    const bySql = await ctx.database.db
      .selectFrom('posts')
      .select('id')
      .where('author_id', '=', writer.id)
      .where(publiclyVisible('posts', now))
      .orderBy('id')
      .execute();
    const byTypeScript = ids.filter((_, index) => isPubliclyVisible(states[index]!, now)).sort();
    expect(bySql.map((row) => row.id)).toEqual(byTypeScript);
    expect(byTypeScript).toEqual([ids[0], ids[5]].sort());

    const profile = await new UsersRepository(ctx.database.db).findProfile(writer.id, null);
    expect(profile?.postCount).toBe(2);
  });
});
