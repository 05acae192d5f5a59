import type { FastifyBaseLogger } from 'fastify';
import type { Comment } from '../../../contracts/comments';
import { writerActorPath } from '../../../contracts/federation';
import { nowIso } from '../../lib/clock';
import type { CommentListener } from '../webhooks/webhook-events';
import type { DeliveriesRepository } from './deliveries-repository';
import type { FederationService, PostActivity } from './federation-service';
import type { RemoteAccountsRepository } from './remote-accounts-repository';
import type { SentComment, SentCommentsRepository } from './sent-comments-repository';

/**
 * Answers back to the social web (decision 0084): when a post's writer replies to a comment that
 * came from another server, the reply goes to its author's server as `Create(Note)` with
 * `inReplyTo` their Note, through the signed delivery queue. Replies by other readers stay here:
 * only the writer speaks for the post on the social web. What went where is kept
 * (federation_sent_comments), so the writer's edit goes out as `Update(Note)` and the reply's
 * deletion (by its writer, a moderator of the post, or with the post) as `Delete(Tombstone)`, each
 * signed by the same actor to the same inbox (decision 0084's addendum). A failure is logged,
 * never the writer's error: their reply is saved either way.
 */
export class ReplyPublisher implements Required<CommentListener> {
  constructor(
    private readonly deps: {
      accounts: Pick<RemoteAccountsRepository, 'replyContext'>;
      sent: Pick<SentCommentsRepository, 'record' | 'find' | 'markDeleted' | 'goneButStanding'>;
      documents: Pick<
        FederationService,
        'replyActivity' | 'replyUpdateActivity' | 'replyDeleteActivity' | 'existsAt'
      >;
      deliveries: Pick<DeliveriesRepository, 'enqueue'>;
      wake: () => void;
      log: FastifyBaseLogger;
    },
  ) {}

  async commentCreated(comment: Comment): Promise<void> {
    if (comment.parentId === null || comment.author === null || comment.remote !== undefined) return;
    await this.safely(async () => {
      const context = await this.deps.accounts.replyContext(comment.parentId ?? '');
      if (!context || context.postAuthorId !== comment.author?.id) return;
      const actor = writerActorPath(context.postAuthorId);
      // A writer with no handle (or suspended) has no actor to speak from.
      if (!(await this.deps.documents.existsAt(actor))) return;
      const to = {
        actorId: context.account.actorId,
        handle: context.account.handle,
        profileUrl: context.account.profileUrl,
      };
      const activity = await this.deps.documents.replyActivity({
        commentId: comment.id,
        postId: comment.postId,
        writerId: context.postAuthorId,
        body: comment.body,
        createdAt: comment.createdAt,
        editedAt: null,
        inReplyTo: context.noteId,
        to,
      });
      const inbox = context.account.sharedInbox ?? context.account.inbox;
      // Kept before it is queued: its edit or deletion, however soon, finds where it went.
      await this.deps.sent.record({
        commentId: comment.id,
        postId: comment.postId,
        actor,
        inReplyTo: context.noteId,
        recipient: to,
        inbox,
        createdAt: nowIso(),
      });
      await this.queue(actor, inbox, activity);
    });
  }

  /** The writer edited a reply that went out: the Note as it is now, as Update(Note). */
  async commentEdited(comment: Comment): Promise<void> {
    await this.safely(async () => {
      const sent = await this.deps.sent.find(comment.id);
      if (!sent || sent.deletedAt !== null || comment.author === null) return;
      if (!(await this.deps.documents.existsAt(sent.actor))) return;
      const activity = await this.deps.documents.replyUpdateActivity({
        commentId: comment.id,
        postId: comment.postId,
        writerId: comment.author.id,
        body: comment.body,
        createdAt: comment.createdAt,
        editedAt: comment.editedAt,
        inReplyTo: sent.inReplyTo,
        to: sent.recipient,
      });
      await this.queue(sent.actor, sent.inbox, activity);
    });
  }

  /** A reply that went out was deleted (by its writer, or a moderator of the post): Delete(Note). */
  async commentDeleted(commentId: string): Promise<void> {
    await this.safely(() => this.retract(commentId, nowIso()));
  }

  /**
   * Comments went without the comments service (a post deleted with its discussion, an operator's
   * deletion with its replies): each reply that went out and is gone is retracted. `postId` when
   * one post's discussion went.
   */
  async commentsGone(postId?: string): Promise<void> {
    await this.safely(async () => {
      const now = nowIso();
      for (const commentId of await this.deps.sent.goneButStanding(postId))
        await this.retract(commentId, now);
    });
  }

  private async retract(commentId: string, now: string): Promise<void> {
    // Marked first, once: a second deletion (or two instances at once) sends nothing more.
    const sent: SentComment | undefined = await this.deps.sent.markDeleted(commentId, now);
    if (!sent) return;
    const activity = await this.deps.documents.replyDeleteActivity({
      commentId,
      actor: sent.actor,
      recipient: sent.recipient.actorId,
      now,
    });
    // A writer gone since (suspended, no handle) has no key to sign with: the worker drops it.
    await this.queue(sent.actor, sent.inbox, activity);
  }

  private async queue(actor: string, inbox: string, activity: PostActivity): Promise<void> {
    await this.deps.deliveries.enqueue(
      [{ actor, inbox, activityId: activity.id, payload: JSON.stringify(activity.document) }],
      nowIso(),
    );
    this.deps.wake();
  }

  private async safely(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.deps.log.error({ err: error }, 'social web: a reply’s activity could not be queued');
    }
  }
}
