import { COMMENT_NOT_FOUND_MESSAGE, type Comment, type CommentInput } from '../../../../contracts/comments';
import { POST_NOT_FOUND_MESSAGE, type Page } from '../../../../contracts/posts';
import { isForeignKeyViolation } from '../../../db/errors';
import { nowIso } from '../../../db/sql-helpers';
import type { Viewer } from '../../../lib/authenticator';
import { forbidden, notFound } from '../../../lib/http-errors';
import { uuidv7 } from '../../../lib/ids';
import type { MarkdownRenderer } from '../../../lib/markdown/markdown-renderer';
import { toPage, type PageRequest } from '../../posts/paging';
import type { CommentRecord, CommentsRepository } from './comments-repository';

/** A comment sits under the discussion's h2, so its own headings start at h3. */
const COMMENT_HEADING_BASE = 2;

export const COMMENT_DELETE_FORBIDDEN_MESSAGE =
  'You can only delete your own comments or comments on your posts';
export const COMMENT_DELETED_MESSAGE = 'Comment deleted';

/** Discussion rules: anyone reads, a signed-in user comments, the comment's or post's author deletes. */
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly markdown: MarkdownRenderer,
  ) {}

  async list(postId: string, page: PageRequest): Promise<Page<Comment>> {
    const rows = await this.comments.listByPost(postId, page);
    // Only an empty page needs to tell "no such post" from "no comments (left)".
    if (rows.length === 0 && !(await this.comments.postExists(postId))) {
      throw notFound(POST_NOT_FOUND_MESSAGE);
    }
    const shown = toPage(rows, page.limit);
    return { ...shown, response: shown.response.map((comment) => this.withHtml(comment)) };
  }

  async create(viewer: Viewer, input: CommentInput): Promise<Comment> {
    const comment = { id: uuidv7(), postId: input.postId, body: input.body, createdAt: nowIso() };
    try {
      // Markdown is stored as given; the foreign key, not a prior read, decides whether the post
      // exists, so a post deleted at the same moment cannot gain an orphaned comment.
      await this.comments.insert({
        id: comment.id,
        post_id: comment.postId,
        author_id: viewer.id,
        body: comment.body,
        created_at: comment.createdAt,
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(POST_NOT_FOUND_MESSAGE);
      throw error;
    }
    return this.withHtml({ ...comment, author: { id: viewer.id, username: viewer.username } });
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    const ownership = await this.comments.findOwnership(id);
    if (!ownership) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
    if (ownership.authorId !== viewer.id && ownership.postAuthorId !== viewer.id) {
      throw forbidden(COMMENT_DELETE_FORBIDDEN_MESSAGE);
    }
    if (!(await this.comments.delete(id))) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
  }

  private withHtml(comment: CommentRecord): Comment {
    return { ...comment, bodyHtml: this.markdown.render(comment.body, COMMENT_HEADING_BASE).html };
  }
}
