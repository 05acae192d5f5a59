import { sql, type Kysely } from 'kysely';
import type { Page } from '../../../contracts/posts';
import type { SocialTimelineItem } from '../../../contracts/social-web';
import type { DatabaseSchema } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { encodeTimeCursor, type TimeKey } from '../posts/paging';
import { summaryOf } from './following-repository';

/** A timeline's item as kept, before its Markdown is rendered and the reader's doings are added. */
export type KeptTimelineItem = Omit<SocialTimelineItem, 'contentHtml' | 'liked' | 'boosted' | 'replies'>;

/** What is kept of a remote post (decision 0090). */
export interface TimelineObject {
  objectId: string;
  actor: string;
  kind: 'Article' | 'Note';
  title: string | null;
  summary: string | null;
  content: string;
  url: string | null;
  publishedAt: string;
  updatedAt: string | null;
}

/**
 * The only place that reads and writes federation_timeline and federation_timeline_boosts
 * (decision 0090, 0094's addendum): each remote post from a followed actor, or boosted by one,
 * once; a reader's timeline is those of the actors they follow (accepted) and those they boosted.
 */
export class TimelineRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Keeps it unless it is here already (a delivery retried, or sent to two inboxes). */
  async add(object: TimelineObject, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('federation_timeline')
      .values({ id: uuidv7(), ...columnsOf(object), received_at: now })
      .onConflict((conflict) => conflict.column('object_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Its Update: what it says now replaces what was kept, if the actor is the one who posted it. */
  async replace(object: TimelineObject): Promise<boolean> {
    const { object_id: objectId, actor, ...changes } = columnsOf(object);
    const result = await this.db
      .updateTable('federation_timeline')
      .set(changes)
      .where('object_id', '=', objectId)
      .where('actor', '=', actor)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Its Delete, by the actor who posted it. */
  async remove(objectId: string, actor: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('federation_timeline')
      .where('object_id', '=', objectId)
      .where('actor', '=', actor)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Everything an actor posted and boosted: it is gone, or nobody here follows it any more. A post
   * it boosted goes too, unless its author is followed or someone else followed boosted it.
   */
  async removeActor(actor: string): Promise<void> {
    const boosted = await this.db
      .selectFrom('federation_timeline_boosts')
      .select('timeline_id')
      .where('actor', '=', actor)
      .execute();
    await this.db.deleteFrom('federation_timeline_boosts').where('actor', '=', actor).execute();
    await this.db.deleteFrom('federation_timeline').where('actor', '=', actor).execute();
    await this.forgetUnkept([...new Set(boosted.map((row) => row.timeline_id))]);
  }

  /** Of these boosted posts, those nothing keeps here any more: no follow of its author, no boost. */
  private async forgetUnkept(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('federation_timeline as t')
      .where('t.id', 'in', ids)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('federation_following as f')
              .select('f.user_id')
              .whereRef('f.actor', '=', 't.actor'),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('federation_timeline_boosts as b')
              .select('b.id')
              .whereRef('b.timeline_id', '=', 't.id'),
          ),
        ),
      )
      .execute();
  }

  /** The kept post's id here, by its object id. */
  async idOf(objectId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('federation_timeline')
      .select('id')
      .where('object_id', '=', objectId)
      .executeTakeFirst();
    return row?.id;
  }

  /** A followed account's boost of a kept post; the same Announce again is kept once. */
  async addBoost(boost: {
    timelineId: string;
    actor: string;
    announceId: string;
    publishedAt: string;
    now: string;
  }): Promise<boolean> {
    const result = await this.db
      .insertInto('federation_timeline_boosts')
      .values({
        id: uuidv7(),
        timeline_id: boost.timelineId,
        actor: boost.actor,
        announce_id: boost.announceId,
        published_at: boost.publishedAt,
        received_at: boost.now,
      })
      .onConflict((conflict) => conflict.column('announce_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Its Undo, by the account that boosted (the Announce by its id); the post goes with it when
   * nothing else keeps it here. Answers whether there was one.
   */
  async removeBoost(actor: string, announceId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('federation_timeline_boosts')
      .select('timeline_id')
      .where('actor', '=', actor)
      .where('announce_id', '=', announceId)
      .executeTakeFirst();
    if (!row) return false;
    await this.db
      .deleteFrom('federation_timeline_boosts')
      .where('actor', '=', actor)
      .where('announce_id', '=', announceId)
      .execute();
    await this.forgetUnkept([row.timeline_id]);
    return true;
  }

  /** Whether a reader follows, accepted, the post's author or an account that boosted it. */
  async visibleTo(userId: string, timelineId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('federation_timeline_boosts as b')
      .innerJoin('federation_following as f', (join) =>
        join.onRef('f.actor', '=', 'b.actor').on('f.user_id', '=', userId).on('f.state', '=', 'accepted'),
      )
      .select('b.id')
      .where('b.timeline_id', '=', timelineId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A reader's timeline, newest first, keyset-paged: the posts of the accounts they follow
   * (accepted), at their publication time, and the posts those accounts boosted, at the boost's.
   */
  async page(
    userId: string,
    page: { limit: number; after: TimeKey | null },
  ): Promise<Page<KeptTimelineItem>> {
    const posts = this.db
      .selectFrom('federation_timeline as t')
      .innerJoin('federation_following as f', (join) =>
        join.onRef('f.actor', '=', 't.actor').on('f.user_id', '=', userId).on('f.state', '=', 'accepted'),
      )
      .select([
        't.id as entry_id',
        't.published_at as at',
        't.id as timeline_id',
        sql<string | null>`cast(null as varchar(2048))`.as('boosted_by'),
      ]);
    const boosts = this.db
      .selectFrom('federation_timeline_boosts as b')
      .innerJoin('federation_following as f', (join) =>
        join.onRef('f.actor', '=', 'b.actor').on('f.user_id', '=', userId).on('f.state', '=', 'accepted'),
      )
      .select(['b.id as entry_id', 'b.published_at as at', 'b.timeline_id', 'b.actor as boosted_by']);
    let query = this.db
      .selectFrom(posts.unionAll(boosts).as('e'))
      .innerJoin('federation_timeline as t', 't.id', 'e.timeline_id')
      .leftJoin('federation_remote_accounts as a', 'a.actor_id', 't.actor')
      .leftJoin('federation_remote_accounts as ba', 'ba.actor_id', 'e.boosted_by')
      .select([
        'e.entry_id',
        'e.at',
        'e.boosted_by',
        't.id',
        't.object_id',
        't.actor',
        't.kind',
        't.title',
        't.summary',
        't.content',
        't.url',
        't.published_at',
        't.updated_at',
        'a.handle',
        'a.name',
        'a.picture_url',
        'a.profile_url',
        'ba.handle as booster_handle',
        'ba.name as booster_name',
        'ba.picture_url as booster_picture_url',
        'ba.profile_url as booster_profile_url',
      ]);
    const after = page.after;
    if (after !== null) {
      query = query.where((eb) =>
        eb.or([
          eb('e.at', '<', after.at),
          eb.and([eb('e.at', '=', after.at), eb('e.entry_id', '<', after.id)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('e.at', 'desc')
      .orderBy('e.entry_id', 'desc')
      .limit(page.limit + 1)
      .execute();
    const items: KeptTimelineItem[] = rows.slice(0, page.limit).map((row) => ({
      id: row.id,
      entryId: row.entry_id,
      boostedBy:
        row.boosted_by === null
          ? null
          : summaryOf({
              actor: row.boosted_by,
              handle: row.booster_handle,
              name: row.booster_name,
              picture_url: row.booster_picture_url,
              profile_url: row.booster_profile_url,
            }),
      boostedAt: row.boosted_by === null ? null : row.at,
      objectId: row.object_id,
      kind: row.kind,
      title: row.title,
      summary: row.summary,
      content: row.content,
      url: row.url,
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
      author: summaryOf(row),
    }));
    const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
    return {
      response: items,
      nextCursor: last ? encodeTimeCursor({ at: last.at, id: last.entry_id }) : null,
    };
  }
}

function columnsOf(object: TimelineObject) {
  return {
    object_id: object.objectId,
    actor: object.actor,
    kind: object.kind,
    title: object.title,
    summary: object.summary,
    content: object.content,
    url: object.url,
    published_at: object.publishedAt,
    updated_at: object.updatedAt,
  };
}
