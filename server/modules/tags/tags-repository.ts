import type { Kysely } from 'kysely';
import type { TagInfo, TagSummary } from '../../../contracts/tags';
import { prefixEnd } from '../../db/prefix-range';
import type { DatabaseSchema } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';
import { nowIso } from '../../lib/clock';
import { publiclyTagged } from '../posts/post-visibility';

/** Reads of the tags table and the reader's topic follows (posts write tags: see post-tags.ts). */
export class TagsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The most used tags (ties by name), optionally only those starting with `prefix`: a walk of the
   * (post_count desc, name) index, or a range of the primary key sorted by count.
   */
  async mostUsed(limit: number, prefix: string | null = null): Promise<TagSummary[]> {
    let query = this.db
      .selectFrom('tags')
      .select(['name', 'label', 'post_count'])
      .where('post_count', '>', 0);
    if (prefix !== null && prefix !== '') {
      query = query.where('name', '>=', prefix).where('name', '<', prefixEnd(prefix));
    }
    const rows = await query.orderBy('post_count', 'desc').orderBy('name').limit(limit).execute();
    return rows.map(toSummary);
  }

  async info(name: string, viewerId: string | null): Promise<TagInfo | undefined> {
    const row = await this.db
      .selectFrom('tags')
      .where('tags.name', '=', name)
      .select((eb) => [
        'tags.name',
        'tags.label',
        // Counted from the (tag, published_at, post_id) index up to now, so a scheduled post
        // counts from its time on (tags.post_count, kept by writes, counts it from scheduling).
        eb
          .selectFrom('post_tags')
          .whereRef('post_tags.tag', '=', 'tags.name')
          .where(publiclyTagged())
          .select(countAll().as('n'))
          .as('post_count'),
        eb
          .selectFrom('tag_follows')
          .whereRef('tag_follows.tag', '=', 'tags.name')
          .select(countAll().as('n'))
          .as('follower_count'),
        eb
          .selectFrom('tag_follows')
          .whereRef('tag_follows.tag', '=', 'tags.name')
          .where('tag_follows.user_id', '=', viewerId ?? '')
          .select(countAll().as('n'))
          .as('viewer_follows'),
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      name: row.name,
      label: row.label ?? row.name,
      postCount: Number(row.post_count ?? 0),
      followerCount: Number(row.follower_count ?? 0),
      ...(viewerId ? { following: Number(row.viewer_follows ?? 0) > 0 } : {}),
    };
  }

  /**
   * Idempotent by the primary key (user_id, tag). Throws a foreign-key violation when the tag does
   * not exist.
   */
  async follow(userId: string, tag: string): Promise<void> {
    await this.db
      .insertInto('tag_follows')
      .values({ user_id: userId, tag, created_at: nowIso() })
      .onConflict((conflict) => conflict.columns(['user_id', 'tag']).doNothing())
      .execute();
  }

  async unfollow(userId: string, tag: string): Promise<void> {
    await this.db.deleteFrom('tag_follows').where('user_id', '=', userId).where('tag', '=', tag).execute();
  }

  async isFollowing(userId: string, tag: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('tag_follows')
      .select('tag')
      .where('user_id', '=', userId)
      .where('tag', '=', tag)
      .executeTakeFirst();
    return row !== undefined;
  }

  async followedCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('tag_follows')
      .select(countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The reader's topics by name, with their post counts (a reader follows at most a hundred). */
  async followed(userId: string): Promise<TagSummary[]> {
    const rows = await this.db
      .selectFrom('tag_follows')
      .innerJoin('tags', 'tags.name', 'tag_follows.tag')
      .select(['tags.name', 'tags.label', 'tags.post_count'])
      .where('tag_follows.user_id', '=', userId)
      .orderBy('tags.name')
      .execute();
    return rows.map(toSummary);
  }
}

/** A topic by its address and the name its first writer typed (its address for older topics). */
function toSummary(row: { name: string; label: string | null; post_count: number }): TagSummary {
  return { name: row.name, label: row.label ?? row.name, postCount: Number(row.post_count) };
}
