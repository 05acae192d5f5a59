import type { Kysely } from 'kysely';
import type { RemoteActorSummary } from '../../../contracts/social-web';
import type { DatabaseSchema, FederationTimelineReactionsTable } from '../../db/schema';
import { summaryOf } from './following-repository';

export type TimelineReactionKind = FederationTimelineReactionsTable['kind'];

/** A kept post as a reader may act on it: it is in their timeline (its actor followed, accepted). */
export interface TimelineTarget {
  timelineId: string;
  objectId: string;
  /** Its author's actor id. */
  actor: string;
  handle: string | null;
  profileUrl: string | null;
  /** Where activities about it go: its author's server's shared inbox, else its own. */
  inbox: string;
}

/** A reader's like or boost, as its Undo needs it. */
export interface TimelineReaction {
  activityId: string;
  inbox: string;
  objectId: string;
  actor: string;
}

/** A reader's reply that went out, as its Delete and the answers to it need it. */
export interface OwnTimelineReply {
  id: string;
  timelineId: string;
  userId: string;
  noteId: string;
  inReplyTo: string;
  /** The kept post's author, whom it answered. */
  recipient: string;
  inbox: string;
}

/** A reader's reply as its Note says it. */
export interface ReplyFacts {
  userId: string;
  noteId: string;
  inReplyTo: string;
  content: string;
  publishedAt: string;
  /** The post's author, whom it answers and mentions. */
  recipient: string;
  handle: string | null;
  profileUrl: string | null;
}

/** A reply or answer as the timeline shows it, before its Markdown is rendered. */
export interface KeptTimelineReply {
  id: string;
  noteId: string;
  inReplyTo: string;
  mine: boolean;
  author: RemoteActorSummary | null;
  content: string;
  url: string | null;
  publishedAt: string;
}

/** What a reader did with each of a page's posts. */
export interface TimelineState {
  liked: boolean;
  boosted: boolean;
  replies: KeptTimelineReply[];
}

/**
 * The only place that reads and writes federation_timeline_reactions and federation_timeline_replies
 * (decision 0094): a reader's likes, boosts and replies to the posts of their timeline, and the
 * answers to their replies.
 */
export class TimelineActionsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The post, if it is in the reader's timeline now: its author followed (accepted), or
   * `boosted`, a followed account's boost of it (the timeline repository's `visibleTo`).
   */
  async target(
    userId: string,
    timelineId: string,
    boosted: (userId: string, timelineId: string) => Promise<boolean>,
  ): Promise<TimelineTarget | undefined> {
    const row = await this.db
      .selectFrom('federation_timeline as t')
      .leftJoin('federation_following as f', (join) =>
        join.onRef('f.actor', '=', 't.actor').on('f.user_id', '=', userId).on('f.state', '=', 'accepted'),
      )
      .leftJoin('federation_remote_accounts as a', 'a.actor_id', 't.actor')
      .select([
        't.id',
        't.object_id',
        't.actor',
        'a.handle',
        'a.profile_url',
        'a.shared_inbox',
        'a.inbox',
        'f.inbox as followInbox',
      ])
      .where('t.id', '=', timelineId)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.followInbox === null && !(await boosted(userId, timelineId))) return undefined;
    const inbox = row.shared_inbox ?? row.inbox ?? row.followInbox;
    if (inbox === null) return undefined;
    return {
      timelineId: row.id,
      objectId: row.object_id,
      actor: row.actor,
      handle: row.handle,
      profileUrl: row.profile_url,
      inbox,
    };
  }

  /** Adds a like or boost; one already there is a DuplicateKey (the primary key's). */
  async addReaction(row: {
    userId: string;
    timelineId: string;
    kind: TimelineReactionKind;
    activityId: string;
    inbox: string;
    now: string;
  }): Promise<void> {
    await this.db
      .insertInto('federation_timeline_reactions')
      .values({
        user_id: row.userId,
        timeline_id: row.timelineId,
        kind: row.kind,
        activity_id: row.activityId,
        inbox: row.inbox,
        created_at: row.now,
      })
      .execute();
  }

  async reaction(
    userId: string,
    timelineId: string,
    kind: TimelineReactionKind,
  ): Promise<TimelineReaction | undefined> {
    const row = await this.db
      .selectFrom('federation_timeline_reactions as r')
      .innerJoin('federation_timeline as t', 't.id', 'r.timeline_id')
      .select(['r.activity_id', 'r.inbox', 't.object_id', 't.actor'])
      .where('r.user_id', '=', userId)
      .where('r.timeline_id', '=', timelineId)
      .where('r.kind', '=', kind)
      .executeTakeFirst();
    return (
      row && { activityId: row.activity_id, inbox: row.inbox, objectId: row.object_id, actor: row.actor }
    );
  }

  /** Answers whether it was there: two undos at once send one Undo. */
  async removeReaction(userId: string, timelineId: string, kind: TimelineReactionKind): Promise<boolean> {
    const result = await this.db
      .deleteFrom('federation_timeline_reactions')
      .where('user_id', '=', userId)
      .where('timeline_id', '=', timelineId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async addReply(reply: {
    id: string;
    timelineId: string;
    userId: string;
    noteId: string;
    inReplyTo: string;
    content: string;
    inbox: string;
    now: string;
  }): Promise<void> {
    await this.db
      .insertInto('federation_timeline_replies')
      .values({
        id: reply.id,
        timeline_id: reply.timelineId,
        user_id: reply.userId,
        note_id: reply.noteId,
        in_reply_to: reply.inReplyTo,
        actor: null,
        content: reply.content,
        url: null,
        inbox: reply.inbox,
        published_at: reply.now,
        updated_at: null,
      })
      .execute();
  }

  /** The reader's own reply, by its id here. */
  ownReply(userId: string, id: string): Promise<OwnTimelineReply | undefined> {
    return this.findOwnReply('r.id', id, userId);
  }

  /** A reader's own reply, by its Note's id: an answer names it in its `inReplyTo`. */
  ownReplyByNote(noteId: string): Promise<OwnTimelineReply | undefined> {
    return this.findOwnReply('r.note_id', noteId);
  }

  private async findOwnReply(
    column: 'r.id' | 'r.note_id',
    value: string,
    userId?: string,
  ): Promise<OwnTimelineReply | undefined> {
    const row = await this.db
      .selectFrom('federation_timeline_replies as r')
      .innerJoin('federation_timeline as t', 't.id', 'r.timeline_id')
      .select(['r.id', 'r.timeline_id', 'r.user_id', 'r.note_id', 'r.in_reply_to', 'r.inbox', 't.actor'])
      .where('r.actor', 'is', null)
      .where(column, '=', value)
      .$if(userId !== undefined, (query) => query.where('r.user_id', '=', userId ?? ''))
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        timelineId: row.timeline_id,
        userId: row.user_id,
        noteId: row.note_id,
        inReplyTo: row.in_reply_to,
        recipient: row.actor,
        inbox: row.inbox ?? '',
      }
    );
  }

  /** A reader's reply (never an answer), as its Note is built. */
  async replyFacts(id: string): Promise<ReplyFacts | undefined> {
    const row = await this.db
      .selectFrom('federation_timeline_replies as r')
      .innerJoin('federation_timeline as t', 't.id', 'r.timeline_id')
      .leftJoin('federation_remote_accounts as a', 'a.actor_id', 't.actor')
      .select([
        'r.user_id',
        'r.note_id',
        'r.in_reply_to',
        'r.content',
        'r.published_at',
        't.actor',
        'a.handle',
        'a.profile_url',
      ])
      .where('r.id', '=', id)
      .where('r.actor', 'is', null)
      .executeTakeFirst();
    return (
      row && {
        userId: row.user_id,
        noteId: row.note_id,
        inReplyTo: row.in_reply_to,
        content: row.content,
        publishedAt: row.published_at,
        recipient: row.actor,
        handle: row.handle,
        profileUrl: row.profile_url,
      }
    );
  }

  /** The reader's reply goes, and the answers to it with it. Answers whether it was there. */
  async removeReply(reply: OwnTimelineReply): Promise<boolean> {
    const result = await this.db
      .deleteFrom('federation_timeline_replies')
      .where('id', '=', reply.id)
      .where('user_id', '=', reply.userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await this.db
      .deleteFrom('federation_timeline_replies')
      .where('user_id', '=', reply.userId)
      .where('in_reply_to', '=', reply.noteId)
      .execute();
    return true;
  }

  /** An answer to a reader's reply; the same Note again (a delivery retried) is kept once. */
  async addAnswer(answer: {
    id: string;
    to: OwnTimelineReply;
    noteId: string;
    actor: string;
    content: string;
    url: string | null;
    publishedAt: string;
  }): Promise<boolean> {
    const result = await this.db
      .insertInto('federation_timeline_replies')
      .values({
        id: answer.id,
        timeline_id: answer.to.timelineId,
        user_id: answer.to.userId,
        note_id: answer.noteId,
        in_reply_to: answer.to.noteId,
        actor: answer.actor,
        content: answer.content,
        url: answer.url,
        inbox: null,
        published_at: answer.publishedAt,
        updated_at: null,
      })
      .onConflict((conflict) => conflict.column('note_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Its Update, by the actor who wrote it. */
  async replaceAnswer(noteId: string, actor: string, content: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('federation_timeline_replies')
      .set({ content, updated_at: now })
      .where('note_id', '=', noteId)
      .where('actor', '=', actor)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Its Delete, by the actor who wrote it. */
  async removeAnswer(noteId: string, actor: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('federation_timeline_replies')
      .where('note_id', '=', noteId)
      .where('actor', '=', actor)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The actor is gone: its answers go. */
  async removeActor(actor: string): Promise<void> {
    await this.db.deleteFrom('federation_timeline_replies').where('actor', '=', actor).execute();
  }

  /** What the reader did with each of these posts: two reads for a page, whatever its length. */
  async stateOf(userId: string, timelineIds: string[]): Promise<Map<string, TimelineState>> {
    const states = new Map<string, TimelineState>(
      timelineIds.map((id) => [id, { liked: false, boosted: false, replies: [] }]),
    );
    if (timelineIds.length === 0) return states;
    const reactions = await this.db
      .selectFrom('federation_timeline_reactions')
      .select(['timeline_id', 'kind'])
      .where('user_id', '=', userId)
      .where('timeline_id', 'in', timelineIds)
      .execute();
    for (const row of reactions) {
      const state = states.get(row.timeline_id);
      if (state && row.kind === 'like') state.liked = true;
      if (state && row.kind === 'announce') state.boosted = true;
    }
    const replies = await this.db
      .selectFrom('federation_timeline_replies as r')
      .leftJoin('federation_remote_accounts as a', 'a.actor_id', 'r.actor')
      .select([
        'r.id',
        'r.timeline_id',
        'r.note_id',
        'r.in_reply_to',
        'r.actor',
        'r.content',
        'r.url',
        'r.published_at',
        'a.handle',
        'a.name',
        'a.picture_url',
        'a.profile_url',
      ])
      .where('r.user_id', '=', userId)
      .where('r.timeline_id', 'in', timelineIds)
      .orderBy('r.published_at', 'asc')
      .orderBy('r.id', 'asc')
      .execute();
    for (const row of replies) {
      states.get(row.timeline_id)?.replies.push({
        id: row.id,
        noteId: row.note_id,
        inReplyTo: row.in_reply_to,
        mine: row.actor === null,
        author: row.actor === null ? null : summaryOf({ ...row, actor: row.actor }),
        content: row.content,
        url: row.url,
        publishedAt: row.published_at,
      });
    }
    return states;
  }
}
