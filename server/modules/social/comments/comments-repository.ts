import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { Comment } from '../../../../contracts/comments';
import type { Author } from '../../../../contracts/posts';
import type { PassageAnchor } from '../../../../contracts/passage-anchor';
import type { CommentsTable, DatabaseSchema } from '../../../db/schema';
import type { PageRequest } from '../../posts/paging';
import { publiclyVisible } from '../../posts/post-visibility';
import { AUTHOR_PICTURE, toAuthor } from '../../users/author-row';

/**
 * A comment as stored: the service adds its rendered HTML, whether its passage is still in the post
 * (and hides a deleted one's author).
 */
export interface CommentRecord extends Omit<Comment, 'bodyHtml' | 'author' | 'replies' | 'anchor'> {
  author: Author;
  anchor: PassageAnchor | null;
}

/** What the rules need to know about a comment before changing it. */
export interface CommentFacts {
  id: string;
  postId: string;
  parentId: string | null;
  authorId: string;
  postAuthorId: string;
  deleted: boolean;
  hidden: boolean;
}

/** Someone a comment mentions: by handle or, as before handles, by name. */
export interface MentionedUser {
  id: string;
  username: string;
  handle: string | null;
}

/** The only place that reads and writes the comments and comment_mentions tables. */
export class CommentsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** A new comment's author as lists will show it: their handle (null for none) and picture. */
  async authorOf(userId: string): Promise<Author | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['users.id as author_id', 'users.username', 'users.handle', AUTHOR_PICTURE])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    return row && toAuthor(row);
  }

  private selectComments() {
    return this.db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.author_id')
      .select([
        'comments.id',
        'comments.post_id',
        'comments.parent_id',
        'comments.body',
        'comments.created_at',
        'comments.edited_at',
        'comments.deleted_at',
        'comments.anchor_quote',
        'comments.anchor_prefix',
        'comments.anchor_suffix',
        'comments.hidden_at',
        'comments.author_id',
        'users.username',
        'users.handle',
        AUTHOR_PICTURE,
      ]);
  }

  /**
   * What a reader may see: a hidden comment (an operator's, or a suspended author's)
   * exists only for its author, who sees it marked hidden.
   */
  private visibleTo(readerId: string | null) {
    return (eb: ExpressionBuilder<DatabaseSchema, 'comments'>) =>
      readerId === null
        ? eb('comments.hidden_at', 'is', null)
        : eb.or([eb('comments.hidden_at', 'is', null), eb('comments.author_id', '=', readerId)]);
  }

  /**
   * A post's top-level comments, oldest first, by keyset on (post_id, id): comment ids are UUIDv7,
   * so the index order is the order they were written in. `hiddenFor`: a reader whose blocked
   * users' comments are left out.
   */
  async listTopLevel(postId: string, page: PageRequest, hiddenFor: string | null): Promise<CommentRecord[]> {
    let query = this.selectComments()
      .where('comments.post_id', '=', postId)
      .where('comments.parent_id', 'is', null)
      .where(this.visibleTo(hiddenFor));
    if (page.after !== null) query = query.where('comments.id', '>', page.after);
    if (hiddenFor !== null) query = query.where(({ not, exists }) => not(exists(this.blockedBy(hiddenFor))));
    const rows = await query
      .orderBy('comments.id', 'asc')
      .limit(page.limit + 1)
      .execute();
    return rows.map(toRecord);
  }

  /** Every reply to the given top-level comments, oldest first. */
  async listReplies(parentIds: string[], hiddenFor: string | null): Promise<CommentRecord[]> {
    if (parentIds.length === 0) return [];
    let query = this.selectComments()
      .where('comments.parent_id', 'in', parentIds)
      .where(this.visibleTo(hiddenFor));
    if (hiddenFor !== null) query = query.where(({ not, exists }) => not(exists(this.blockedBy(hiddenFor))));
    const rows = await query.orderBy('comments.id', 'asc').execute();
    return rows.map(toRecord);
  }

  /**
   * A post's in-line comments: top-level, not deleted, with a passage; oldest first,
   * at most `limit`. Walks the post's comments by (post_id, id) like a discussion page does.
   */
  async listAnchored(postId: string, hiddenFor: string | null, limit: number): Promise<CommentRecord[]> {
    let query = this.selectComments()
      .where('comments.post_id', '=', postId)
      .where('comments.parent_id', 'is', null)
      .where('comments.deleted_at', 'is', null)
      .where('comments.anchor_quote', 'is not', null)
      .where(this.visibleTo(hiddenFor));
    if (hiddenFor !== null) query = query.where(({ not, exists }) => not(exists(this.blockedBy(hiddenFor))));
    const rows = await query.orderBy('comments.id', 'asc').limit(limit).execute();
    return rows.map(toRecord);
  }

  async findById(id: string): Promise<CommentRecord | undefined> {
    const row = await this.selectComments().where('comments.id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Correlated with the outer `comments` row: its author is blocked by the reader. */
  private blockedBy(readerId: string) {
    return this.db
      .selectFrom('blocks')
      .select('blocks.blocked_id')
      .where('blocks.blocker_id', '=', readerId)
      .where('blocks.blocked_id', '=', sql.ref<string>('comments.author_id'));
  }

  async postExists(postId: string): Promise<boolean> {
    // Only public posts take and show comments: a draft does not exist for readers yet.
    const row = await this.db
      .selectFrom('posts')
      .select('id')
      .where('id', '=', postId)
      .where(publiclyVisible())
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A post's current Markdown, or undefined when there is no such post. `publishedOnly`: also
   * undefined for a draft or a scheduled post, which takes no new comments (a new in-line comment's
   * passage must be in what readers see); shown comments are looked for in the post whatever its state.
   */
  async postContent(
    postId: string,
    { publishedOnly }: { publishedOnly: boolean },
  ): Promise<string | undefined> {
    let query = this.db.selectFrom('posts').select('content').where('id', '=', postId);
    if (publishedOnly) {
      query = query.where(publiclyVisible());
    }
    const row = await query.executeTakeFirst();
    return row?.content;
  }

  /** The post's author, or undefined when there is no such post. */
  async postAuthorOf(postId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .select('author_id')
      .where('id', '=', postId)
      .executeTakeFirst();
    return row?.author_id;
  }

  /** Throws a foreign-key violation when the post (or parent) does not exist (or was just deleted). */
  async insert(comment: Insertable<CommentsTable>): Promise<void> {
    await this.db.insertInto('comments').values(comment).execute();
  }

  async findFacts(id: string): Promise<CommentFacts | undefined> {
    const row = await this.db
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select([
        'comments.id',
        'comments.post_id',
        'comments.parent_id',
        'comments.author_id',
        'comments.deleted_at',
        'comments.hidden_at',
        'posts.author_id as post_author_id',
      ])
      .where('comments.id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        postId: row.post_id,
        parentId: row.parent_id,
        authorId: row.author_id,
        postAuthorId: row.post_author_id,
        deleted: row.deleted_at !== null,
        hidden: row.hidden_at !== null,
      }
    );
  }

  async updateBody(id: string, body: string, editedAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('comments')
      .set({ body, edited_at: editedAt })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async hasReplies(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('comments')
      .select('id')
      .where('parent_id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Keeps the row for its replies but forgets what it said, quoted (and whom it mentioned). */
  async markDeleted(id: string, deletedAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('comments')
      .set({ body: '', deleted_at: deletedAt, anchor_quote: null, anchor_prefix: null, anchor_suffix: null })
      .where('id', '=', id)
      .executeTakeFirst();
    await this.db.deleteFrom('comment_mentions').where('comment_id', '=', id).execute();
    return result.numUpdatedRows > 0n;
  }

  /** Removes the row; its replies, mentions and notifications go with it (foreign keys cascade). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** A deleted top-level comment with no replies left has nothing to hold together: it goes. */
  async deleteIfEmptyTombstone(id: string): Promise<void> {
    await this.db
      .deleteFrom('comments')
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('comments as replies').select('replies.id').where('replies.parent_id', '=', id)),
        ),
      )
      .execute();
  }

  /**
   * Users named by `@name` tokens, matched case-insensitively. Several accounts may share a name:
   * the caller decides among them (decision 0033).
   */
  async usersNamed(
    namesLower: string[],
  ): Promise<{ id: string; username: string; handle: string | null; key: string }[]> {
    if (namesLower.length === 0) return [];
    // By handle (decision 51) or, as before handles, by name.
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'handle', sql<string>`lower(username)`.as('key')])
      .where((eb) =>
        eb.or([eb(sql<string>`lower(username)`, 'in', namesLower), eb('handle', 'in', namesLower)]),
      )
      .execute();
    return rows;
  }

  /** Users who already wrote in the post's discussion, and its author: who a mention most likely means. */
  async participants(postId: string, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const commenters = await this.db
      .selectFrom('comments')
      .select('author_id as id')
      .distinct()
      .where('post_id', '=', postId)
      .where('author_id', 'in', userIds)
      .execute();
    const author = await this.postAuthorOf(postId);
    const ids = new Set(commenters.map((row) => row.id));
    if (author !== undefined && userIds.includes(author)) ids.add(author);
    return ids;
  }

  async mentionsOf(commentIds: string[]): Promise<Map<string, MentionedUser[]>> {
    const byComment = new Map<string, MentionedUser[]>();
    if (commentIds.length === 0) return byComment;
    const rows = await this.db
      .selectFrom('comment_mentions')
      .innerJoin('users', 'users.id', 'comment_mentions.user_id')
      .select(['comment_mentions.comment_id', 'users.id', 'users.username', 'users.handle'])
      .where('comment_mentions.comment_id', 'in', commentIds)
      .execute();
    for (const row of rows) {
      const list = byComment.get(row.comment_id) ?? [];
      list.push({ id: row.id, username: row.username, handle: row.handle });
      byComment.set(row.comment_id, list);
    }
    return byComment;
  }

  /** Replaces a comment's mentions; answers the ones that are new (to be notified). */
  async setMentions(commentId: string, userIds: string[]): Promise<string[]> {
    const before = await this.db
      .selectFrom('comment_mentions')
      .select('user_id')
      .where('comment_id', '=', commentId)
      .execute();
    const had = new Set(before.map((row) => row.user_id));
    await this.db.deleteFrom('comment_mentions').where('comment_id', '=', commentId).execute();
    if (userIds.length > 0) {
      await this.db
        .insertInto('comment_mentions')
        .values(userIds.map((userId) => ({ comment_id: commentId, user_id: userId })))
        .execute();
    }
    return userIds.filter((id) => !had.has(id));
  }
}

function toRecord(row: {
  id: string;
  post_id: string;
  parent_id: string | null;
  body: string;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  anchor_quote: string | null;
  anchor_prefix: string | null;
  anchor_suffix: string | null;
  hidden_at: string | null;
  author_id: string;
  username: string;
  handle: string | null;
  author_picture_id: string | null;
}): CommentRecord {
  return {
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_id,
    body: row.body,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deleted: row.deleted_at !== null,
    ...(row.hidden_at !== null ? { hidden: true } : {}),
    author: toAuthor(row),
    anchor:
      row.anchor_quote === null
        ? null
        : { quote: row.anchor_quote, prefix: row.anchor_prefix ?? '', suffix: row.anchor_suffix ?? '' },
  };
}
