import type { Kysely } from 'kysely';
import type {
  ModeratedUser,
  ModerationLogEntry,
  ModerationTarget,
  Report,
  ReportState,
  TargetKind,
} from '../../../contracts/moderation';
import { markdownToPlainText } from '../../../contracts/plain-text';
import { metaDescription } from '../../../contracts/preview';
import type { DatabaseSchema, HiddenReason, ModerationLogTable, ReportsTable } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';
import { uuidv7 } from '../../lib/ids';
import { attachTags, currentTags, detachTags, splitTags } from '../posts/post-tags';
import { belongsInTopics } from '../posts/post-visibility';
import { inTransaction } from '../../db/transaction';
import { CommentsRepository } from '../social/comments/comments-repository';
import { NotificationsRepository } from '../notifications/notifications-repository';
import { isPublished } from '../posts/post-visibility';

type Db = Kysely<DatabaseSchema>;

/**
 * The transaction an operator's action runs in, as the service sees it: a handle it passes back to
 * this repository's methods, so that an action and its audit line commit together.
 */
export type ModerationTransaction = Db;

/** What the rules need to know about a post or comment an operator acts on. */
export interface TargetFacts {
  kind: TargetKind;
  id: string;
  postId: string;
  authorId: string;
  authorName: string;
  hiddenReason: HiddenReason | null;
  authorSuspended: boolean;
  /** The post is published (not a draft or scheduled). For a comment: its post's. */
  postPublic: boolean;
  /** The post's title, or the comment's opening words: the audit log's label. */
  label: string;
  /** The words readers see (Markdown's marks aside): what a testimonial may quote. */
  text: string;
}

/** A comment's opening words, on one line, for the queue and the audit log. */
const excerpt = (text: string) => metaDescription(text) || '(empty)';

/**
 * The moderation tables (reports, moderation_log) and the moderation columns of posts, comments
 * and users. Every write takes the caller's transaction, so an action and its audit line are kept
 * together or not at all; curation borrows the transaction, `findTarget` and `log` for the same.
 */
export class ModerationRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return inTransaction(this.db, work);
  }

  /** The oldest account that can sign in: the operator when ADMIN_EMAILS is unset. */
  async firstAccountId(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('password_hash', 'is not', null)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  async emailKeyOf(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('email_key')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.email_key;
  }

  async findUserByName(usernameKey: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'email_key', 'suspended_at'])
      .where('username_key', '=', usernameKey)
      .executeTakeFirst();
  }

  async findTarget(kind: TargetKind, id: string, db: Db = this.db): Promise<TargetFacts | undefined> {
    const now = new Date().toISOString();
    if (kind === 'post') {
      const row = await db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.author_id')
        .select([
          'posts.id',
          'posts.title',
          'posts.content',
          'posts.hidden_reason',
          'posts.published_at',
          'posts.author_id',
          'users.username',
          'users.suspended_at',
        ])
        .where('posts.id', '=', id)
        .executeTakeFirst();
      return (
        row &&
        toFacts(kind, { ...row, post_id: row.id }, now, {
          label: row.title || '(untitled)',
          text: `${row.title}\n${markdownToPlainText(row.content)}`,
        })
      );
    }
    const row = await db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.author_id')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select([
        'comments.id',
        'comments.post_id',
        'comments.body',
        'comments.hidden_reason',
        'comments.deleted_at',
        'comments.author_id',
        'users.username',
        'users.suspended_at',
        'posts.published_at',
      ])
      .where('comments.id', '=', id)
      .executeTakeFirst();
    if (!row || row.deleted_at !== null) return undefined;
    return toFacts(kind, row, now, { label: excerpt(row.body), text: markdownToPlainText(row.body) });
  }

  /** Throws a unique violation when the reporter already has an open report on the target. */
  async insertReport(report: ReportsTable): Promise<void> {
    await this.db.insertInto('reports').values(report).execute();
  }

  /** One state's reports, newest first, by keyset on id; with what each is about. */
  async listReports(state: ReportState, limit: number, after: string | null): Promise<Report[]> {
    let query = this.db
      .selectFrom('reports')
      .innerJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
      .leftJoin('users as resolver', 'resolver.id', 'reports.resolved_by')
      .select([
        'reports.id',
        'reports.target_kind',
        'reports.target_id',
        'reports.reason',
        'reports.note',
        'reports.state',
        'reports.created_at',
        'reports.resolved_at',
        'reporter.id as reporter_id',
        'reporter.username as reporter_name',
        'reporter.handle as reporter_handle',
        'resolver.id as resolver_id',
        'resolver.username as resolver_name',
        'resolver.handle as resolver_handle',
      ])
      .where('reports.state', '=', state);
    if (after !== null) query = query.where('reports.id', '<', after);
    const rows = await query
      .orderBy('reports.id', 'desc')
      .limit(limit + 1)
      .execute();
    const targets = await this.describeTargets(
      rows.map((row) => ({ kind: row.target_kind, id: row.target_id })),
    );
    return rows.map((row) => ({
      id: row.id,
      target: targets.get(row.target_id) ?? goneTarget(row.target_kind, row.target_id),
      reason: row.reason,
      note: row.note,
      reporter: { id: row.reporter_id, username: row.reporter_name, handle: row.reporter_handle },
      state: row.state,
      createdAt: row.created_at,
      resolvedAt: row.resolved_at,
      resolvedBy:
        row.resolver_id !== null && row.resolver_name !== null
          ? { id: row.resolver_id, username: row.resolver_name, handle: row.resolver_handle }
          : null,
    }));
  }

  /** The queue's view of several targets at once: two queries, whatever the page holds. */
  private async describeTargets(targets: { kind: TargetKind; id: string }[]) {
    const described = new Map<string, ModerationTarget>();
    const postIds = targets.filter((target) => target.kind === 'post').map((target) => target.id);
    const commentIds = targets.filter((target) => target.kind === 'comment').map((target) => target.id);
    if (postIds.length > 0) {
      const rows = await this.db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.author_id')
        .select([
          'posts.id',
          'posts.title',
          'posts.hidden_at',
          'users.id as author_id',
          'users.username',
          'users.handle',
        ])
        .where('posts.id', 'in', postIds)
        .execute();
      for (const row of rows) {
        described.set(row.id, {
          kind: 'post',
          id: row.id,
          postId: row.id,
          excerpt: row.title || '(untitled)',
          author: { id: row.author_id, username: row.username, handle: row.handle },
          hidden: row.hidden_at !== null,
        });
      }
    }
    if (commentIds.length > 0) {
      const rows = await this.db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.author_id')
        .select([
          'comments.id',
          'comments.post_id',
          'comments.body',
          'comments.hidden_at',
          'comments.deleted_at',
          'users.id as author_id',
          'users.username',
          'users.handle',
        ])
        .where('comments.id', 'in', commentIds)
        .execute();
      for (const row of rows) {
        if (row.deleted_at !== null) continue;
        described.set(row.id, {
          kind: 'comment',
          id: row.id,
          postId: row.post_id,
          excerpt: excerpt(row.body),
          author: { id: row.author_id, username: row.username, handle: row.handle },
          hidden: row.hidden_at !== null,
        });
      }
    }
    return described;
  }

  async findReport(db: Db, id: string) {
    return db
      .selectFrom('reports')
      .select(['id', 'state', 'target_kind', 'target_id', 'reason'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Settles one open report; false when it was settled meanwhile. */
  async settleReport(db: Db, id: string, state: 'resolved' | 'dismissed', operatorId: string) {
    const result = await db
      .updateTable('reports')
      .set({ state, resolved_at: new Date().toISOString(), resolved_by: operatorId })
      .where('id', '=', id)
      .where('state', '=', 'open')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Acting on a target settles every open report about it. */
  async resolveReportsAbout(db: Db, targetId: string, operatorId: string): Promise<void> {
    await db
      .updateTable('reports')
      .set({ state: 'resolved', resolved_at: new Date().toISOString(), resolved_by: operatorId })
      .where('target_id', '=', targetId)
      .where('state', '=', 'open')
      .execute();
  }

  /**
   * Withholds posts from the public. They leave post_tags (and the tags' counts), as a draft does,
   * so topic pages need no test of their own.
   */
  async hidePosts(db: Db, postIds: string[], reason: HiddenReason, at: string): Promise<void> {
    for (const postId of postIds) {
      await detachTags(db, postId, await currentTags(db, postId));
    }
    if (postIds.length === 0) return;
    await db
      .updateTable('posts')
      .set({ hidden_at: at, hidden_reason: reason })
      .where('id', 'in', postIds)
      .execute();
  }

  /** Shows posts again; published and scheduled ones take their topics back. */
  async restorePosts(db: Db, postIds: string[]): Promise<void> {
    if (postIds.length === 0) return;
    const rows = await db
      .updateTable('posts')
      .set({ hidden_at: null, hidden_reason: null })
      .where('id', 'in', postIds)
      .returning(['id', 'tags', 'published_at', 'newsletter'])
      .execute();
    for (const row of rows) {
      const inTopics = belongsInTopics({
        publishedAt: row.published_at,
        hiddenAt: null,
        newsletter: row.newsletter,
      });
      if (row.published_at !== null && inTopics)
        await attachTags(db, row.id, splitTags(row.tags), row.published_at);
    }
  }

  /** Hides comments (`mark`) or shows them again (null); the comment counts follow by trigger. */
  async markComments(
    db: Db,
    commentIds: string[],
    mark: { at: string; reason: HiddenReason } | null,
  ): Promise<void> {
    if (commentIds.length === 0) return;
    await db
      .updateTable('comments')
      .set({ hidden_at: mark?.at ?? null, hidden_reason: mark?.reason ?? null })
      .where('id', 'in', commentIds)
      .execute();
  }

  /** An operator's hide of something a suspension already hid: it stays hidden on reinstatement. */
  async relabelHidden(db: Db, table: 'posts' | 'comments', id: string): Promise<void> {
    await db.updateTable(table).set({ hidden_reason: 'operator' }).where('id', '=', id).execute();
  }

  /** A comment and its replies, and every notification that still shows its text. */
  async deleteComment(db: Db, commentId: string): Promise<void> {
    const comments = new CommentsRepository(db);
    const facts = await comments.findFacts(commentId);
    await new NotificationsRepository(db).removeAboutComment(commentId);
    await comments.delete(commentId);
    if (facts?.parentId) await comments.deleteIfEmptyTombstone(facts.parentId);
  }

  /** The post, its tags' counts and everything that cascades from it. */
  async deletePost(db: Db, postId: string): Promise<void> {
    const counted = await currentTags(db, postId);
    await db.deleteFrom('posts').where('id', '=', postId).execute();
    await detachTags(db, postId, counted, { keepRows: true });
  }

  /**
   * A user's posts and comments: the `visible` ones (to hide for a suspension), or those hidden by
   * their `suspension` (to show again on reinstatement; an operator's own hides stay).
   */
  async writingOf(db: Db, userId: string, which: 'visible' | 'suspension') {
    const ids = async (table: 'posts' | 'comments') => {
      const query = db.selectFrom(table).select('id').where('author_id', '=', userId);
      const rows = await (
        which === 'visible'
          ? query.where('hidden_at', 'is', null)
          : query.where('hidden_reason', '=', 'suspension')
      ).execute();
      return rows.map((row) => row.id);
    };
    return { postIds: await ids('posts'), commentIds: await ids('comments') };
  }

  async setSuspended(db: Db, userId: string, at: string | null): Promise<void> {
    await db.updateTable('users').set({ suspended_at: at }).where('id', '=', userId).execute();
  }

  async log(db: Db, entry: Omit<ModerationLogTable, 'id' | 'created_at'>): Promise<void> {
    await db
      .insertInto('moderation_log')
      .values({ ...entry, id: uuidv7(), created_at: new Date().toISOString() })
      .execute();
  }

  async listLog(limit: number, after: string | null): Promise<ModerationLogEntry[]> {
    let query = this.db.selectFrom('moderation_log').selectAll();
    if (after !== null) query = query.where('id', '<', after);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      action: row.action as ModerationLogEntry['action'],
      actorId: row.actor_id,
      actorName: row.actor_name,
      target: { kind: row.target_kind, id: row.target_id, label: row.target_label },
      reason: row.reason,
      createdAt: row.created_at,
    }));
  }

  /**
   * Accounts that can sign in, by name: `prefix` narrows to names starting with it (on the
   * unique username_key index); keyset on the key.
   */
  async listUsers(prefix: string, limit: number, afterKey: string | null) {
    let query = this.db
      .selectFrom('users')
      .select((eb) => [
        'users.id',
        'users.username',
        'users.username_key',
        'users.email_key',
        'users.created_at',
        'users.suspended_at',
        eb
          .selectFrom('posts')
          .whereRef('posts.author_id', '=', 'users.id')
          .select(countAll().as('n'))
          .as('post_count'),
      ])
      .where('users.username_key', 'is not', null);
    if (prefix !== '') {
      query = query
        .where('users.username_key', '>=', prefix)
        .where('users.username_key', '<', `${prefix}\u{10ffff}`);
    }
    if (afterKey !== null) query = query.where('users.username_key', '>', afterKey);
    const rows = await query
      .orderBy('users.username_key', 'asc')
      .limit(limit + 1)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      key: row.username_key ?? '',
      emailKey: row.email_key,
      createdAt: row.created_at,
      suspendedAt: row.suspended_at,
      postCount: Number(row.post_count ?? 0),
    }));
  }
}

/** A post's or comment's row (with its author and its post's publication) as the rules see it. */
function toFacts(
  kind: TargetKind,
  row: {
    id: string;
    post_id: string;
    author_id: string;
    username: string;
    hidden_reason: HiddenReason | null;
    suspended_at: string | null;
    published_at: string | null;
  },
  now: string,
  words: { label: string; text: string },
): TargetFacts {
  return {
    kind,
    id: row.id,
    postId: row.post_id,
    authorId: row.author_id,
    authorName: row.username,
    hiddenReason: row.hidden_reason,
    authorSuspended: row.suspended_at !== null,
    postPublic: isPublished(row.published_at, now),
    ...words,
  };
}

function goneTarget(kind: TargetKind, id: string): ModerationTarget {
  return { kind, id, postId: null, excerpt: null, author: null, hidden: false };
}

export type { ModeratedUser };
