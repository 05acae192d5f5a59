import escapeHtml from 'escape-html';
import { timelineReplyObjectPath, writerActorPath } from '../../../contracts/federation';
import type { SocialTimelineReply } from '../../../contracts/social-web';
import { nowIso } from '../../lib/clock';
import { DuplicateKey, MissingReference } from '../../lib/constraint-violations';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { Viewer } from '../accounts/authenticator';
import type { MarkdownRenderer } from '../posts/markdown/markdown-renderer';
import type { DeliveriesRepository } from './deliveries-repository';
import { instant, loadVocab } from './fedify';
import type { FollowersRepository } from './followers-repository';
import { NO_ACTOR_MESSAGE } from './following-service';
import type {
  ReplyFacts,
  TimelineActionsRepository,
  TimelineReactionKind,
  TimelineTarget,
} from './timeline-actions-repository';
import type { TimelineRepository } from './timeline-repository';

export const TIMELINE_POST_NOT_FOUND_MESSAGE = 'No such post in your social-web timeline';
export const REPLY_NOT_FOUND_MESSAGE = 'No such reply of yours';
const ALREADY: Record<TimelineReactionKind, string> = {
  like: 'You already liked this post',
  announce: 'You already boosted this post',
};
const NOT_DONE: Record<TimelineReactionKind, string> = {
  like: 'You have not liked this post',
  announce: 'You have not boosted this post',
};
/** A reply's headings sit under its post's, an h3 on the screen. */
const REPLY_HEADING_BASE = 3;

/** What a reader did with a post of their timeline, after a like or boost, or their undo. */
export interface TimelineReactions {
  liked: boolean;
  boosted: boolean;
}

/**
 * A reader here likes, boosts and replies to the posts of their social-web timeline (decision
 * 0094), from their own actor, as Mastodon's users do: `Like` and `Announce` of the post's object
 * id, `Undo` of each, a reply as `Create(Note)` with `inReplyTo` the post, addressed to the Public
 * collection and the post's author (mentioned), and its deletion as `Delete(Tombstone)`. Each goes
 * signed through the durable delivery queue to the author's server; a boost and a reply also go
 * to the reader's followers there, as a Mastodon boost reaches its booster's followers.
 */
export class TimelineActionsService {
  constructor(
    private readonly deps: {
      publicUrl: string;
      actions: TimelineActionsRepository;
      /** Whether a followed account's boost puts the post in the reader's timeline. */
      timeline: Pick<TimelineRepository, 'visibleTo'>;
      followers: Pick<FollowersRepository, 'inboxesOf'>;
      deliveries: Pick<DeliveriesRepository, 'enqueue'>;
      /** Whether the reader's actor exists (a writer with a handle, not suspended). */
      actors: { existsAt(path: string): Promise<boolean> };
      markdown: Pick<MarkdownRenderer, 'render'>;
      wake: () => void;
    },
  ) {}

  /** Like (`like`) or boost (`announce`): 409 when done already, 404 when the post is not theirs to see. */
  async react(viewer: Viewer, timelineId: string, kind: TimelineReactionKind): Promise<TimelineReactions> {
    const target = await this.target(viewer, timelineId);
    const actorPath = writerActorPath(viewer.id);
    if (await this.deps.actions.reaction(viewer.id, timelineId, kind)) throw conflict(ALREADY[kind]);
    const activityId = `${this.actorUrl(actorPath).href}#${kind === 'like' ? 'likes' : 'announces'}/${uuidv7()}`;
    const now = nowIso();
    try {
      await this.deps.actions.addReaction({
        userId: viewer.id,
        timelineId,
        kind,
        activityId,
        inbox: target.inbox,
        now,
      });
    } catch (error) {
      // The same like asked twice at once: one of them is the like.
      if (error instanceof DuplicateKey) throw conflict(ALREADY[kind]);
      // The post went meanwhile (its Delete, or its author unfollowed).
      if (error instanceof MissingReference) throw notFound(TIMELINE_POST_NOT_FOUND_MESSAGE);
      throw error;
    }
    const activity = await this.reactionActivity(
      kind,
      activityId,
      actorPath,
      target.objectId,
      target.actor,
      now,
    );
    await this.queue(actorPath, await this.inboxes(actorPath, target.inbox, kind), activityId, activity);
    return this.reactions(viewer.id, timelineId);
  }

  /** Undo of the reader's like or boost, to where it went: 404 when there is none. */
  async unreact(viewer: Viewer, timelineId: string, kind: TimelineReactionKind): Promise<TimelineReactions> {
    const reaction = await this.deps.actions.reaction(viewer.id, timelineId, kind);
    if (!reaction || !(await this.deps.actions.removeReaction(viewer.id, timelineId, kind))) {
      throw notFound(NOT_DONE[kind]);
    }
    const actorPath = writerActorPath(viewer.id);
    const actor = this.actorUrl(actorPath);
    const { Undo } = await loadVocab();
    const now = nowIso();
    const undo = new Undo({
      id: new URL(`${actor.href}#undo/${uuidv7()}`),
      actor,
      object: await this.reactionObject(
        kind,
        reaction.activityId,
        actorPath,
        reaction.objectId,
        reaction.actor,
        now,
      ),
      to: new URL(reaction.actor),
    });
    await this.queue(
      actorPath,
      await this.inboxes(actorPath, reaction.inbox, kind),
      undo.id?.href ?? '',
      await undo.toJsonLd(),
    );
    return this.reactions(viewer.id, timelineId);
  }

  /** The reader's reply to the post: kept, and sent as Create(Note) (decision 0094). */
  async reply(viewer: Viewer, timelineId: string, body: string): Promise<SocialTimelineReply> {
    const target = await this.target(viewer, timelineId);
    const actorPath = writerActorPath(viewer.id);
    const id = uuidv7();
    const noteId = new URL(`${this.deps.publicUrl}${timelineReplyObjectPath(id)}`);
    const content = body.trim();
    const now = nowIso();
    try {
      await this.deps.actions.addReply({
        id,
        timelineId,
        userId: viewer.id,
        noteId: noteId.href,
        inReplyTo: target.objectId,
        content,
        inbox: target.inbox,
        now,
      });
    } catch (error) {
      if (error instanceof MissingReference) throw notFound(TIMELINE_POST_NOT_FOUND_MESSAGE);
      throw error;
    }
    const { Create, PUBLIC_COLLECTION } = await loadVocab();
    const actor = this.actorUrl(actorPath);
    const recipient = new URL(target.actor);
    const note = await this.noteOf({
      userId: viewer.id,
      noteId: noteId.href,
      inReplyTo: target.objectId,
      content,
      publishedAt: now,
      recipient: target.actor,
      handle: target.handle,
      profileUrl: target.profileUrl,
    });
    const published = note.published;
    const create = new Create({
      id: new URL(`${noteId.href}#create`),
      actor,
      to: PUBLIC_COLLECTION,
      cc: recipient,
      object: note,
      published,
    });
    await this.queue(
      actorPath,
      await this.inboxes(actorPath, target.inbox, 'reply'),
      create.id?.href ?? '',
      await create.toJsonLd(),
    );
    return {
      id,
      noteId: noteId.href,
      inReplyTo: target.objectId,
      mine: true,
      author: null,
      content,
      contentHtml: this.deps.markdown.render(content, REPLY_HEADING_BASE).html,
      url: null,
      publishedAt: now,
    };
  }

  /**
   * `/ap/notes/{id}`: the Note of a reader's reply, built as its Create carried it, for a server
   * that fetches it (a thread's parent); undefined once deleted, or when its post or its writer's
   * actor is gone.
   */
  async noteDocument(replyId: string): Promise<unknown> {
    const facts = await this.deps.actions.replyFacts(replyId);
    if (!facts || !(await this.deps.actors.existsAt(writerActorPath(facts.userId)))) return undefined;
    return (await this.noteOf(facts)).toJsonLd();
  }

  /** A reply as a Note: a leading mention of its post's author, and the Mention tag that notifies them. */
  private async noteOf(reply: ReplyFacts) {
    const { Mention, Note, PUBLIC_COLLECTION } = await loadVocab();
    const recipient = new URL(reply.recipient);
    const html = this.deps.markdown.render(reply.content, REPLY_HEADING_BASE, this.deps.publicUrl).html;
    const handle = reply.handle ?? reply.recipient;
    const mention = `<p><span class="h-card"><a href="${escapeHtml(reply.profileUrl ?? reply.recipient)}" class="u-url mention">${escapeHtml(handle)}</a></span></p>`;
    return new Note({
      id: new URL(reply.noteId),
      attribution: this.actorUrl(writerActorPath(reply.userId)),
      replyTarget: new URL(reply.inReplyTo),
      content: `${mention}${html}`,
      mediaType: 'text/html',
      published: await instant(reply.publishedAt),
      to: PUBLIC_COLLECTION,
      cc: recipient,
      tags: [new Mention({ href: recipient, name: handle })],
    });
  }

  /** The reader deletes their reply: Delete(Tombstone) to where it went; 404 when there is none. */
  async deleteReply(viewer: Viewer, replyId: string): Promise<void> {
    const reply = await this.deps.actions.ownReply(viewer.id, replyId);
    if (!reply || !(await this.deps.actions.removeReply(reply))) throw notFound(REPLY_NOT_FOUND_MESSAGE);
    const actorPath = writerActorPath(viewer.id);
    const { Delete, Tombstone, PUBLIC_COLLECTION } = await loadVocab();
    const object = new URL(reply.noteId);
    const activity = new Delete({
      id: new URL(`${object.href}#delete`),
      actor: this.actorUrl(actorPath),
      to: PUBLIC_COLLECTION,
      cc: new URL(reply.recipient),
      object: new Tombstone({ id: object, deleted: await instant(nowIso()) }),
    });
    await this.queue(
      actorPath,
      await this.inboxes(actorPath, reply.inbox, 'reply'),
      activity.id?.href ?? '',
      await activity.toJsonLd(),
    );
  }

  /** The post, in the reader's timeline, and the reader's actor to act from. */
  private async target(viewer: Viewer, timelineId: string): Promise<TimelineTarget> {
    const target = await this.deps.actions.target(viewer.id, timelineId, (user, id) =>
      this.deps.timeline.visibleTo(user, id),
    );
    if (!target) throw notFound(TIMELINE_POST_NOT_FOUND_MESSAGE);
    if (!(await this.deps.actors.existsAt(writerActorPath(viewer.id)))) throw forbidden(NO_ACTOR_MESSAGE);
    return target;
  }

  private async reactions(userId: string, timelineId: string): Promise<TimelineReactions> {
    const state = (await this.deps.actions.stateOf(userId, [timelineId])).get(timelineId);
    return { liked: state?.liked ?? false, boosted: state?.boosted ?? false };
  }

  /**
   * A like goes to the post's author alone; a boost, a reply and their undoing also to the
   * reader's followers (each server once), who saw them.
   */
  private async inboxes(actorPath: string, authorInbox: string, kind: TimelineReactionKind | 'reply') {
    if (kind === 'like') return [authorInbox];
    return [...new Set([authorInbox, ...(await this.deps.followers.inboxesOf(actorPath))])];
  }

  private async reactionActivity(
    kind: TimelineReactionKind,
    id: string,
    actorPath: string,
    object: string,
    author: string,
    now: string,
  ): Promise<unknown> {
    return (await this.reactionObject(kind, id, actorPath, object, author, now)).toJsonLd();
  }

  /** `Like` as Mastodon sends it; `Announce` public, to the author and the reader's followers. */
  private async reactionObject(
    kind: TimelineReactionKind,
    id: string,
    actorPath: string,
    object: string,
    author: string,
    now: string,
  ) {
    const { Announce, Like, PUBLIC_COLLECTION } = await loadVocab();
    const actor = this.actorUrl(actorPath);
    if (kind === 'like') return new Like({ id: new URL(id), actor, object: new URL(object) });
    return new Announce({
      id: new URL(id),
      actor,
      object: new URL(object),
      to: PUBLIC_COLLECTION,
      ccs: [new URL(author), new URL(`${actor.href}/followers`)],
      published: await instant(now),
    });
  }

  private actorUrl(actorPath: string): URL {
    return new URL(`${this.deps.publicUrl}${actorPath}`);
  }

  private async queue(
    actor: string,
    inboxes: string[],
    activityId: string,
    document: unknown,
  ): Promise<void> {
    const payload = JSON.stringify(document);
    await this.deps.deliveries.enqueue(
      inboxes.map((inbox) => ({ actor, inbox, activityId, payload })),
      nowIso(),
    );
    this.deps.wake();
  }
}
