import { expect, it } from 'vitest';
import { nowIso } from '../../server/lib/clock';
import {
  isPubliclyListed,
  isPubliclyVisible,
  publiclyListed,
  publiclyVisible,
} from '../../server/modules/posts/post-visibility';
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
    type State = { publishedAt: string | null; hiddenAt: string | null; newsletter: 'email-only' | null };
    const states: State[] = [
      { publishedAt: at(-HOUR_MS), hiddenAt: null, newsletter: null }, // published
      { publishedAt: null, hiddenAt: null, newsletter: null }, // draft
      { publishedAt: at(HOUR_MS), hiddenAt: null, newsletter: null }, // scheduled
      { publishedAt: at(-HOUR_MS), hiddenAt: at(-60_000), newsletter: null }, // hidden by a moderator
      { publishedAt: null, hiddenAt: at(-60_000), newsletter: null }, // a hidden draft
      { publishedAt: at(-2 * HOUR_MS), hiddenAt: null, newsletter: null }, // published earlier
      { publishedAt: at(-HOUR_MS), hiddenAt: null, newsletter: 'email-only' }, // email only: public, unlisted
    ];
    const ids: string[] = [];
    for (const state of states) {
      const post = await createPost(ctx, writer);
      await ctx.database.db
        .updateTable('posts')
        .set({ published_at: state.publishedAt, hidden_at: state.hiddenAt, newsletter: state.newsletter })
        .where('id', '=', post.id)
        .execute();
      ids.push(post.id);
    }

    const now = nowIso();
    const bySql = async (condition: typeof publiclyVisible) =>
      (
        await ctx.database.db
          .selectFrom('posts')
          .select('id')
          .where('author_id', '=', writer.id)
          .where(condition('posts', now))
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
    const byTypeScript = ids.filter((_, index) => isPubliclyVisible(states[index]!, now)).sort();
    expect(await bySql(publiclyVisible)).toEqual(byTypeScript);
    expect(byTypeScript).toEqual([ids[0], ids[5], ids[6]].sort());
    // Listed (decision 65): the same, less the email-only post; the counts count listed posts.
    const listed = ids.filter((_, index) => isPubliclyListed(states[index]!, now)).sort();
    expect(await bySql(publiclyListed)).toEqual(listed);
    expect(listed).toEqual([ids[0], ids[5]].sort());

    const profile = await new UsersRepository(ctx.database.db).findProfile(writer.id, null);
    expect(profile?.postCount).toBe(2);
  });
});
