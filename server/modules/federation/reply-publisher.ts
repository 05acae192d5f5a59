import type { FastifyBaseLogger } from 'fastify';
import type { Comment } from '../../../contracts/comments';
import { writerActorPath } from '../../../contracts/federation';
import { nowIso } from '../../lib/clock';
import type { CommentListener } from '../webhooks/webhook-events';
import type { DeliveriesRepository } from './deliveries-repository';
import type { FederationService } from './federation-service';
import type { RemoteAccountsRepository } from './remote-accounts-repository';

/**
 * Answers back to the social web (decision 0084): when a post's writer replies to a comment that
 * came from another server, the reply goes to its author's server as `Create(Note)` with
 * `inReplyTo` their Note, through the signed delivery queue. Replies by other readers stay here:
 * only the writer speaks for the post on the social web. A failure is logged, never the writer's
 * error: their reply is saved either way.
 */
export class ReplyPublisher implements CommentListener {
  constructor(
    private readonly deps: {
      accounts: Pick<RemoteAccountsRepository, 'replyContext'>;
      documents: Pick<FederationService, 'replyActivity' | 'existsAt'>;
      deliveries: Pick<DeliveriesRepository, 'enqueue'>;
      wake: () => void;
      log: FastifyBaseLogger;
    },
  ) {}

  async commentCreated(comment: Comment): Promise<void> {
    if (comment.parentId === null || comment.author === null || comment.remote !== undefined) return;
    try {
      const context = await this.deps.accounts.replyContext(comment.parentId);
      if (!context || context.postAuthorId !== comment.author.id) return;
      const actor = writerActorPath(comment.author.id);
      // A writer with no handle (or suspended) has no actor to speak from.
      if (!(await this.deps.documents.existsAt(actor))) return;
      const activity = await this.deps.documents.replyActivity({
        commentId: comment.id,
        writerId: comment.author.id,
        body: comment.body,
        createdAt: comment.createdAt,
        inReplyTo: context.noteId,
        to: {
          actorId: context.account.actorId,
          handle: context.account.handle,
          profileUrl: context.account.profileUrl,
        },
      });
      await this.deps.deliveries.enqueue(
        [
          {
            actor,
            inbox: context.account.sharedInbox ?? context.account.inbox,
            activityId: activity.id,
            payload: JSON.stringify(activity.document),
          },
        ],
        nowIso(),
      );
      this.deps.wake();
    } catch (error) {
      this.deps.log.error({ err: error }, 'social web: a reply could not be queued');
    }
  }
}
