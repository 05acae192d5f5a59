import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { NotificationGroup } from '../../../contracts/notifications';
import { markdownToPlainText } from '../../../contracts/plain-text';
import type { DatabaseSchema, NotificationKind } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';
import { uuidv7 } from '../../lib/ids';
import type { PageRequest } from '../posts/paging';
import { publiclyVisible } from '../posts/post-visibility';

/** Something that happened to `recipientId` because of `actorId`. */
export interface NotificationEvent {
  recipientId: string;
  actorId: string;
  kind: NotificationKind;
  postId: string | null;
  commentId: string | null;
  publicationId?: string | null;
  /** Events with the same key are read as one line (see contracts/notifications.ts). */
  groupKey: string;
}

const EXCERPT_CHARS = 140;

function excerptOf(markdown: string): string {
  const text = markdownToPlainText(markdown).replace(/\s+/g, ' ');
  return text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…`;
}

/** The only place that reads and writes the notifications table. */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Takes now, on PostgreSQL, the lock a notification to the post's author will take on their
   * account (its foreign key's KEY SHARE), so that a transaction that writes to a post and then
   * notifies its author locks the account before the post, in the order a rename does (the account,
   * then its posts through the search index's trigger). In the other order the two deadlock. SQLite
   * runs one writer at a time and needs no row locks.
   */
  async lockPostAuthor(postId: string): Promise<void> {
    if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await this.db
      .selectFrom('users')
      .select('users.id')
      .where('users.id', '=', (eb) =>
        eb.selectFrom('posts').select('posts.author_id').where('posts.id', '=', postId),
      )
      .forKeyShare()
      .execute();
  }

  /**
   * Writes events, except those nobody should get: one's own doing, or from someone the recipient
   * blocked. Called with the transaction that writes the event itself.
   */
  async add(events: NotificationEvent[]): Promise<void> {
    const wanted = events.filter((event) => event.recipientId !== event.actorId);
    if (wanted.length === 0) return;
    const blocked = await this.db
      .selectFrom('blocks')
      .select(['blocker_id', 'blocked_id'])
      .where(
        'blocker_id',
        'in',
        wanted.map((event) => event.recipientId),
      )
      .where(
        'blocked_id',
        'in',
        wanted.map((event) => event.actorId),
      )
      .execute();
    const pairs = new Set(blocked.map((row) => `${row.blocker_id} ${row.blocked_id}`));
    const rows = wanted
      .filter((event) => !pairs.has(`${event.recipientId} ${event.actorId}`))
      .map((event) => ({
        id: uuidv7(),
        recipient_id: event.recipientId,
        actor_id: event.actorId,
        kind: event.kind,
        post_id: event.postId,
        comment_id: event.commentId,
        publication_id: event.publicationId ?? null,
        group_key: event.groupKey,
        created_at: new Date().toISOString(),
        read_at: null,
      }));
    if (rows.length > 0) await this.db.insertInto('notifications').values(rows).execute();
  }

  /** Takes back what an undone action said (an unfavorite, an unfollow) while still unread. */
  async withdraw(recipientId: string, actorId: string, groupKey: string): Promise<void> {
    await this.db
      .deleteFrom('notifications')
      .where('recipient_id', '=', recipientId)
      .where('actor_id', '=', actorId)
      .where('group_key', '=', groupKey)
      .where('read_at', 'is', null)
      .execute();
  }

  /** Notifications about a comment that is gone: its text must not be shown any more. */
  async removeAboutComment(commentId: string): Promise<void> {
    await this.db.deleteFrom('notifications').where('comment_id', '=', commentId).execute();
  }

  /**
   * The reader's lines, newest first: notifications grouped by key and by read state, each line
   * placed by its newest notification, keyset on that id. The grouping reads all of the reader's
   * notifications through the (recipient_id, group_key, id) index.
   */
  async listGroups(recipientId: string, page: PageRequest): Promise<NotificationGroup[]> {
    const unreadFlag = sql<number>`case when notifications.read_at is null then 1 else 0 end`;
    let groups = this.visibleTo(recipientId)
      .select([
        'notifications.group_key',
        unreadFlag.as('unread'),
        sql<string>`max(notifications.id)`.as('latest_id'),
        sql<number>`cast(count(distinct notifications.actor_id) as integer)`.as('actors'),
      ])
      .groupBy(['notifications.group_key', unreadFlag]);
    if (page.after !== null) groups = groups.having(sql<string>`max(notifications.id)`, '<', page.after);
    const heads = await groups
      .orderBy('latest_id', 'desc')
      .limit(page.limit + 1)
      .execute();
    if (heads.length === 0) return [];
    const rows = await this.db
      .selectFrom('notifications')
      .innerJoin('users as actor', 'actor.id', 'notifications.actor_id')
      .leftJoin('posts', 'posts.id', 'notifications.post_id')
      .leftJoin('users as post_author', 'post_author.id', 'posts.author_id')
      .leftJoin('comments', 'comments.id', 'notifications.comment_id')
      .leftJoin('publications', 'publications.id', 'notifications.publication_id')
      // An account standing for someone on the social web (decision 0084): their name and page there.
      .leftJoin('federation_remote_accounts as remote', 'remote.user_id', 'notifications.actor_id')
      .select([
        'remote.handle as remote_handle',
        'remote.name as remote_name',
        'remote.profile_url as remote_profile_url',
        'remote.picture_url as remote_picture_url',
        'publications.slug as publication_slug',
        'publications.name as publication_name',
        'notifications.id',
        'notifications.kind',
        'notifications.created_at',
        'notifications.read_at',
        'actor.id as actor_id',
        'actor.username as actor_username',
        'actor.handle as actor_handle',
        'posts.id as post_id',
        'posts.title as post_title',
        'post_author.id as post_author_id',
        'post_author.username as post_author_username',
        'post_author.handle as post_author_handle',
        'comments.id as comment_id',
        'comments.body as comment_body',
        'comments.deleted_at as comment_deleted_at',
      ])
      .where(
        'notifications.id',
        'in',
        heads.map((head) => head.latest_id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return heads.flatMap((head): NotificationGroup[] => {
      const row = byId.get(head.latest_id);
      if (!row) return [];
      const post =
        row.post_id !== null && row.post_title !== null && row.post_author_id !== null
          ? {
              id: row.post_id,
              title: row.post_title,
              author: {
                id: row.post_author_id,
                username: row.post_author_username ?? '',
                handle: row.post_author_handle,
              },
            }
          : null;
      // A deleted comment's text is never shown, whatever still points at it.
      const comment =
        row.comment_id !== null && row.comment_deleted_at === null
          ? { id: row.comment_id, excerpt: excerptOf(row.comment_body ?? '') }
          : null;
      return [
        {
          id: row.id,
          kind: row.kind,
          unread: row.read_at === null,
          createdAt: row.created_at,
          actor: { id: row.actor_id, username: row.actor_username, handle: row.actor_handle },
          remote:
            row.remote_handle === null
              ? null
              : {
                  handle: row.remote_handle,
                  name: row.remote_name,
                  profileUrl: row.remote_profile_url,
                  pictureUrl: row.remote_picture_url,
                },
          others: Math.max(0, Number(head.actors) - 1),
          post,
          comment,
          publication:
            row.publication_slug !== null && row.publication_name !== null
              ? { slug: row.publication_slug, name: row.publication_name }
              : null,
        },
      ];
    });
  }

  /** Unread lines (not notifications): the number the bell shows matches the list. */
  async unreadCount(recipientId: string): Promise<number> {
    const row = await this.visibleTo(recipientId)
      .select(sql<number>`cast(count(distinct notifications.group_key) as integer)`.as('unread'))
      .where('notifications.read_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.unread ?? 0);
  }

  /**
   * The reader's notifications that they may see now: none about a post that is a
   * draft or scheduled again (or hidden by an operator), unless it is their own or they are asked
   * to co-write it; nor about a hidden
   * comment. A reply or a mention on a post its author
   * unpublished would otherwise show its (perhaps since rewritten) title; it comes back with the
   * post.
   */
  private visibleTo(recipientId: string) {
    return (
      this.db
        .selectFrom('notifications')
        .leftJoin('posts', 'posts.id', 'notifications.post_id')
        .where('notifications.recipient_id', '=', recipientId)
        .where((eb) =>
          eb.or([
            eb('notifications.post_id', 'is', null),
            eb('posts.author_id', '=', recipientId),
            publiclyVisible(),
            // An invitation to co-write a draft names it (decision 0085); the inviter chose to.
            eb('notifications.kind', '=', 'coauthor'),
          ]),
        )
        // A comment an operator hid is no one's news: a primary-key lookup a line.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('comments as hidden_comment')
                .select('hidden_comment.id')
                .whereRef('hidden_comment.id', '=', 'notifications.comment_id')
                .where('hidden_comment.hidden_at', 'is not', null),
            ),
          ),
        )
    );
  }

  /** Marks the unread line whose newest notification is `id`; false when it is not the reader's. */
  async markGroupRead(recipientId: string, id: string, readAt: string): Promise<boolean> {
    const head = await this.db
      .selectFrom('notifications')
      .select(['group_key'])
      .where('id', '=', id)
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
    if (!head) return false;
    await this.db
      .updateTable('notifications')
      .set({ read_at: readAt })
      .where('recipient_id', '=', recipientId)
      .where('group_key', '=', head.group_key)
      .where('id', '<=', id)
      .where('read_at', 'is', null)
      .execute();
    return true;
  }

  async markAllRead(recipientId: string, readAt: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: readAt })
      .where('recipient_id', '=', recipientId)
      .where('read_at', 'is', null)
      .execute();
  }

  async count(recipientId: string): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select(countAll().as('n'))
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
