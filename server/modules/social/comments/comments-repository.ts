import { sql, type Insertable, type Kysely } from 'kysely';
import type { Comment } from '../../../../contracts/comments';
import type { Author } from '../../../../contracts/posts';
import type { PassageAnchor } from '../../../../contracts/passage-anchor';
import type { CommentsTable, CommentWithheld, DatabaseSchema } from '../../../db/schema';
import type { PageRequest } from '../../posts/paging';
import { publiclyVisible } from '../../posts/post-visibility';
import { AUTHOR_PICTURE, toAuthor } from '../../users/author-row';
import { commentShownTo } from './comment-visibility';

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
  withheld: CommentWithheld | null;
}

/** What the author's moderation needs to know about a post (decision 0077). */
export interface PostRules {
  authorId: string;
  publicationId: string | null;
  closed: boolean;
  /** The post's author holds a first-time commenter's comments. */
  holdFirst: boolean;
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
    return (
      this.db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.author_id')
        // A comment from the social web: who wrote it there, and the Note it came as (decision 0084).
        .leftJoin('federation_remote_accounts as remote', 'remote.user_id', 'comments.author_id')
        .leftJoin('federation_comments as note', 'note.comment_id', 'comments.id')
        .select([
          'remote.actor_id as remote_actor',
          'remote.handle as remote_handle',
          'remote.name as remote_name',
          'remote.profile_url as remote_profile_url',
          'remote.picture_url as remote_picture_url',
          'note.note_id as note_id',
          'note.note_url as note_url',
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
          'comments.withheld',
          'comments.author_id',
          'users.username',
          'users.handle',
          AUTHOR_PICTURE,
        ])
    );
  }

  /** What a reader may see: the one rule of comment-visibility.ts. */
  private visibleTo(readerId: string | null) {
    return commentShownTo(readerId);
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

  /** One comment, only where the reader may see it (comment-visibility.ts). */
  async findShown(id: string, readerId: string | null): Promise<CommentRecord | undefined> {
    const row = await this.selectComments()
      .where('comments.id', '=', id)
      .where(this.visibleTo(readerId))
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** The post's author, publication, whether it is closed and whether its author holds first comments. */
  async postRules(postId: string): Promise<PostRules | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select([
        'posts.author_id',
        'posts.publication_id',
        'posts.comments_closed',
        'users.hold_first_comments',
      ])
      .where('posts.id', '=', postId)
      .executeTakeFirst();
    return (
      row && {
        authorId: row.author_id,
        publicationId: row.publication_id,
        closed: Number(row.comments_closed) === 1,
        holdFirst: Number(row.hold_first_comments) === 1,
      }
    );
  }

  /** Whether the user edits (or owns) the publication: they moderate its posts' comments too. */
  async editsPublication(publicationId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('publication_members')
      .select('role')
      .where('publication_id', '=', publicationId)
      .where('user_id', '=', userId)
      .where('role', 'in', ['owner', 'editor'])
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Whether a comment by `commenterId` was ever let through on a post by `authorId`: then they are
   * no first-time commenter (an approved comment, or one from before holding was on).
   */
  async hasCommentedOn(authorId: string, commenterId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select('comments.id')
      .where('comments.author_id', '=', commenterId)
      .where('posts.author_id', '=', authorId)
      .where('comments.withheld', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Moves a comment from one of the author's states to another; false when it was not in `from`. */
  async setWithheld(id: string, from: CommentWithheld | null, to: CommentWithheld | null): Promise<boolean> {
    const result = await this.db
      .updateTable('comments')
      .set({ withheld: to })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('withheld', from === null ? 'is' : '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setClosed(postId: string, closed: boolean): Promise<void> {
    await this.db
      .updateTable('posts')
      .set({ comments_closed: closed ? 1 : 0 })
      .where('id', '=', postId)
      .execute();
  }

  /**
   * The queue: comments held on posts the user wrote or edits (as a publication's owner or editor),
   * oldest first, by keyset on id; with `withheld` 'hidden', those the author (or an editor) hid
   * there. An operator-hidden one is left out: it is the operator's now.
   */
  async listHeld(
    userId: string,
    page: PageRequest,
    withheld: CommentWithheld = 'held',
  ): Promise<(CommentRecord & { postTitle: string; postAuthor: Author })[]> {
    let query = this.selectComments()
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .innerJoin('users as post_author', 'post_author.id', 'posts.author_id')
      .select([
        'posts.title as post_title',
        'post_author.id as post_author_id',
        'post_author.username as post_author_username',
        'post_author.handle as post_author_handle',
      ])
      .where('comments.withheld', '=', withheld)
      .where('comments.hidden_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('posts.author_id', '=', userId),
          eb(
            'posts.publication_id',
            'in',
            eb
              .selectFrom('publication_members')
              .select('publication_members.publication_id')
              .where('publication_members.user_id', '=', userId)
              .where('publication_members.role', 'in', ['owner', 'editor']),
          ),
        ]),
      );
    if (page.after !== null) query = query.where('comments.id', '>', page.after);
    const rows = await query
      .orderBy('comments.id', 'asc')
      .limit(page.limit + 1)
      .execute();
    return rows.map((row) => ({
      ...toRecord(row),
      postTitle: row.post_title,
      postAuthor: {
        id: row.post_author_id,
        username: row.post_author_username,
        handle: row.post_author_handle,
      },
    }));
  }

  async commentSettings(userId: string): Promise<{ holdFirst: boolean; closeNew: boolean } | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['hold_first_comments', 'close_comments_default'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        holdFirst: Number(row.hold_first_comments) === 1,
        closeNew: Number(row.close_comments_default) === 1,
      }
    );
  }

  async setCommentSettings(
    userId: string,
    settings: { holdFirst?: boolean; closeNew?: boolean },
  ): Promise<void> {
    const set: { hold_first_comments?: number; close_comments_default?: number } = {};
    if (settings.holdFirst !== undefined) set.hold_first_comments = settings.holdFirst ? 1 : 0;
    if (settings.closeNew !== undefined) set.close_comments_default = settings.closeNew ? 1 : 0;
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('users').set(set).where('id', '=', userId).execute();
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
        'comments.withheld',
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
        withheld: row.withheld,
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
  withheld: CommentWithheld | null;
  author_id: string;
  username: string;
  handle: string | null;
  author_picture_id: string | null;
  remote_actor: string | null;
  remote_handle: string | null;
  remote_name: string | null;
  remote_profile_url: string | null;
  remote_picture_url: string | null;
  note_id: string | null;
  note_url: string | null;
}): CommentRecord {
  return {
    ...(row.remote_actor !== null
      ? {
          remote: {
            actor: row.remote_actor,
            handle: row.remote_handle ?? row.username,
            name: row.remote_name,
            profileUrl: row.remote_profile_url,
            pictureUrl: row.remote_picture_url,
            url: row.note_url ?? row.note_id,
          },
        }
      : {}),
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_id,
    body: row.body,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deleted: row.deleted_at !== null,
    ...(row.hidden_at !== null ? { hidden: true } : {}),
    ...(row.withheld !== null ? { withheld: row.withheld } : {}),
    author: toAuthor(row),
    anchor:
      row.anchor_quote === null
        ? null
        : { quote: row.anchor_quote, prefix: row.anchor_prefix ?? '', suffix: row.anchor_suffix ?? '' },
  };
}
