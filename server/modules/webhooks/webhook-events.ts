import type { FastifyBaseLogger } from 'fastify';
import type { Comment } from '../../../contracts/comments';
import type { Post } from '../../../contracts/posts';
import { postPagePath } from '../../../contracts/site';
import type { WebhookDeliveryEvent, WebhookEvent } from '../../../contracts/webhooks';
import { nowIso } from '../../lib/clock';
import { uuidv7 } from '../../lib/ids';
import type { WebhooksRepository } from './webhooks-repository';
import { isPublished } from '../posts/post-visibility';

/**
 * The JSON every delivery carries. `id` is the delivery's (also in the Inkwell-Delivery header), so
 * a receiver that saw it already can ignore a retry.
 */
export function eventBody(id: string, event: WebhookDeliveryEvent, createdAt: string, data: object): string {
  return JSON.stringify({ id, event, createdAt, data });
}

/** Told by the posts service after each write; implemented by WebhookEvents. */
export interface PostChangeListener {
  /** `before` is the post's publication time before the write ('new' when it was created). */
  postWritten(before: string | null | 'new', post: Post): Promise<void>;
  /** `post` as it was just before it was deleted. */
  postDeleted(post: Post): Promise<void>;
}

/** Told by the comments service once a comment is saved. */
export interface CommentListener {
  commentCreated(comment: Comment): Promise<void>;
  /** Its author edited it (the social web's Update of a reply that went out, decision 0084). */
  commentEdited?(comment: Comment): Promise<void>;
  /** It was deleted, by its author or a moderator of its post (the social web's Delete). */
  commentDeleted?(commentId: string): Promise<void>;
}

/** A newsletter's subscriber as its events describe them. */
export interface SubscriberEventData {
  id: string;
  email: string;
  status: string;
  publication: { id: string; slug: string; name: string };
}

/** Told by the newsletters service when an address starts or stops receiving a list. */
export interface SubscriberListener {
  subscriberChanged(
    event: 'subscriber.created' | 'subscriber.removed',
    subscriber: SubscriberEventData,
  ): Promise<void>;
}

/**
 * Turns what happened to posts and comments into queued deliveries, to the hooks of the post's
 * author (docs/decisions/0039-webhooks.md). Nothing is sent here: rows are added to the queue and
 * the worker sends them, so the writer's request never waits on a receiver. A failure to queue is
 * logged, never the writer's error: their post is saved either way.
 */
export class WebhookEvents implements PostChangeListener, CommentListener, SubscriberListener {
  constructor(
    private readonly hooks: WebhooksRepository,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly wake: () => void,
  ) {}

  async postWritten(before: string | null | 'new', post: Post): Promise<void> {
    await this.safely(async () => {
      const now = nowIso();
      const wasPublic = before !== 'new' && isPublished(before, now);
      const isPublic = isPublished(post.publishedAt, now);
      // A schedule queued earlier is replaced by whatever the post's state asks for now.
      if (before !== 'new' && before !== null && before > now) {
        await this.hooks.cancelScheduled(post.id, 'post.published', now);
      }
      const data = { post: this.describePost(post) };
      if (wasPublic && isPublic) await this.emit(post.authorId, 'post.updated', data, post.id, now);
      if (!wasPublic && isPublic) await this.emit(post.authorId, 'post.published', data, post.id, now);
      if (wasPublic && !isPublic) await this.emit(post.authorId, 'post.unpublished', data, post.id, now);
      // A scheduled post has no request at the moment it becomes public: its event is queued now,
      // due at the publication time, and taken back above if the schedule changes.
      if (post.publishedAt !== null && post.publishedAt > now) {
        const whenPublic = { post: { ...data.post, status: 'published' } };
        await this.emit(post.authorId, 'post.published', whenPublic, post.id, post.publishedAt);
      }
    });
  }

  async postDeleted(post: Post): Promise<void> {
    await this.safely(async () => {
      const now = nowIso();
      await this.hooks.cancelScheduled(post.id, 'post.published', now);
      // Receivers never heard of a draft or a post still waiting for its time.
      if (isPublished(post.publishedAt, now)) {
        await this.emit(post.authorId, 'post.deleted', { post: this.describePost(post) }, post.id, now);
      }
    });
  }

  /** To the post's author: a writer's hooks are about their own posts (decision 0039). */
  async commentCreated(comment: Comment): Promise<void> {
    await this.safely(async () => {
      const post = await this.hooks.postSummary(comment.postId);
      if (!post) return;
      const data = {
        comment: {
          id: comment.id,
          postId: comment.postId,
          parentId: comment.parentId,
          body: comment.body,
          createdAt: comment.createdAt,
          author: comment.author,
          url: `${this.publicUrl}${postPagePath(comment.postId)}#comment-${comment.id}`,
        },
        post: { id: post.id, title: post.title, url: `${this.publicUrl}${postPagePath(post.id)}` },
      };
      await this.emit(post.authorId, 'comment.created', data, comment.postId, nowIso());
    });
  }

  /** To the hooks of the list's owner (a writer's own blog: the writer). */
  async subscriberChanged(
    event: 'subscriber.created' | 'subscriber.removed',
    subscriber: SubscriberEventData,
  ): Promise<void> {
    await this.safely(async () => {
      const owner = await this.hooks.publicationOwner(subscriber.publication.id);
      if (owner) await this.emit(owner, event, { subscriber }, subscriber.id, nowIso());
    });
  }

  private describePost(post: Post) {
    return {
      id: post.id,
      title: post.title,
      content: post.content,
      status: post.status,
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
      tags: post.tags,
      author: post.author,
      url: `${this.publicUrl}${postPagePath(post.id)}`,
    };
  }

  private async emit(
    userId: string,
    event: WebhookEvent,
    data: object,
    subjectId: string,
    dueAt: string,
  ): Promise<void> {
    const targets = await this.hooks.subscribers(userId, event);
    if (targets.length === 0) return;
    const createdAt = nowIso();
    await this.hooks.enqueue(
      targets.map((target) => {
        const id = uuidv7();
        return {
          id,
          webhookId: target.id,
          event,
          payload: eventBody(id, event, createdAt, data),
          subjectId,
          nextAttemptAt: dueAt,
          createdAt,
        };
      }),
    );
    if (dueAt <= createdAt) this.wake();
  }

  private async safely(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.log.error({ err: error }, 'webhook events could not be queued');
    }
  }
}
