import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { DatabaseSchema } from '../../server/db/schema';
import { inTransaction } from '../../server/db/transaction';
import { MarkdownRenderer } from '../../server/modules/posts/markdown/markdown-renderer';
import type { UnitOfWork } from '../../server/lib/unit-of-work';
import { NotificationsRepository } from '../../server/modules/notifications/notifications-repository';
import { BlocksRepository } from '../../server/modules/social/blocks/blocks-repository';
import { CommentsRepository } from '../../server/modules/social/comments/comments-repository';
import { RateLimiterFactory } from '../../server/lib/rate-limiter';
import { CommentsService, type CommentsStore } from '../../server/modules/social/comments/comments-service';
import { describeEachDatabase, request, signUpUser } from './support/harness';
import { createPost } from './support/posts';

const bind = (db: Kysely<DatabaseSchema>): CommentsStore => ({
  comments: new CommentsRepository(db),
  blocks: new BlocksRepository(db),
  notifications: new NotificationsRepository(db),
});

const UNDONE = new Error('undone, as PostgreSQL undoes a transaction it broke for a deadlock');

/**
 * A unit of work whose every transaction runs twice: the first run is rolled back, as when
 * PostgreSQL breaks a deadlock and inTransaction runs the work again (decision 50).
 */
function retryingStore(db: Kysely<DatabaseSchema>): UnitOfWork<CommentsStore> {
  return {
    repositories: bind(db),
    async run(work) {
      await db
        .transaction()
        .execute(async (trx) => {
          await work(bind(trx));
          throw UNDONE;
        })
        .catch((error: unknown) => {
          if (error !== UNDONE) throw error;
        });
      return inTransaction(db, (trx) => work(bind(trx)));
    },
  };
}

describeEachDatabase('a comment whose transaction runs again', (ctx) => {
  it('spends the writer’s mention allowance once, not once a run', async () => {
    const writer = await signUpUser(ctx);
    const mentioned = await signUpUser(ctx);
    const me = await request<{ response: { handle: string } }>(ctx, {
      method: 'GET',
      url: '/api/user/me',
      token: mentioned.token,
    });
    const post = await createPost(ctx, writer);
    const window = { max: 1, windowMs: 60_000 };
    const comments = new CommentsService(
      retryingStore(ctx.database.db),
      new MarkdownRenderer(),
      { get: async () => undefined },
      new RateLimiterFactory({ commentsPerUser: { max: 10, windowMs: 60_000 }, mentionsPerUser: window }),
    );
    const comment = await comments.create(
      { id: writer.id, username: writer.username },
      { postId: post.id, body: `Thanks @${me.body.response.handle}` },
    );
    // Mentioned and told once: the run that was undone left nothing behind.
    expect(comment.bodyHtml).toContain(`@${me.body.response.handle}`);
    const told = await ctx.database.db
      .selectFrom('notifications')
      .select('kind')
      .where('recipient_id', '=', mentioned.id)
      .execute();
    expect(told).toEqual([{ kind: 'mention' }]);
  });
});
