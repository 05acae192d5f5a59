import { USER_NOT_FOUND_MESSAGE } from '../../../contracts/auth';
import {
  POST_NOT_FOUND_MESSAGE,
  type Page,
  type Post,
  type PostWriteInput,
  type ReadablePost,
} from '../../../contracts/posts';
import { nowIso } from '../../db/sql-helpers';
import type { Viewer } from '../../lib/authenticator';
import { forbidden, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { MarkdownRenderer } from '../../lib/markdown/markdown-renderer';
import { toPage, type PageRequest } from './paging';
import type { PostsRepository } from './posts-repository';

export const EDIT_FORBIDDEN_MESSAGE = 'You can only edit your own posts';
export const DELETE_FORBIDDEN_MESSAGE = 'You can only delete your own posts';
export const POST_DELETED_MESSAGE = 'Post deleted';
export const TAG_NOT_FOUND_MESSAGE = 'Tag not found';

/** A post sits under its h1 title, so its own headings start at h2. */
const POST_HEADING_BASE = 1;

/** Post rules: anyone reads, a signed-in user writes, only the author edits or deletes. */
export class PostsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly markdown: MarkdownRenderer,
  ) {}

  async get(id: string, viewer: Viewer | null): Promise<Post> {
    const post = await this.posts.findById(id, viewer?.id ?? null);
    if (!post) throw notFound(POST_NOT_FOUND_MESSAGE);
    return post;
  }

  /** The post with its Markdown rendered, as the read page shows it. */
  async read(id: string, viewer: Viewer | null): Promise<ReadablePost> {
    const post = await this.get(id, viewer);
    const rendered = this.markdown.render(post.content, POST_HEADING_BASE);
    return { ...post, contentHtml: rendered.html, imageUrl: rendered.firstImageUrl };
  }

  async list(page: PageRequest, viewer: Viewer | null): Promise<Page<Post>> {
    return toPage(await this.posts.listNewest(page, viewer?.id ?? null), page.limit);
  }

  async listByAuthor(authorId: string, page: PageRequest, viewer: Viewer | null): Promise<Page<Post>> {
    const rows = await this.posts.listByAuthor(authorId, page, viewer?.id ?? null);
    // Only an empty page needs to tell "no such user" from "no posts (left)": one query otherwise.
    if (rows.length === 0 && !(await this.posts.userExists(authorId))) {
      throw notFound(USER_NOT_FOUND_MESSAGE);
    }
    return toPage(rows, page.limit);
  }

  /** A topic's posts; an unknown topic is a 404, a known one without posts (left) an empty page. */
  async listByTag(tag: string, page: PageRequest, viewer: Viewer | null): Promise<Page<Post>> {
    const rows = await this.posts.listByTag(tag, page, viewer?.id ?? null);
    if (rows.length === 0 && !(await this.posts.tagExists(tag))) throw notFound(TAG_NOT_FOUND_MESSAGE);
    return toPage(rows, page.limit);
  }

  async create(viewer: Viewer, input: PostWriteInput): Promise<Post> {
    const now = nowIso();
    const id = uuidv7();
    // The title is a single line, so stray spaces around it are noise; content is Markdown,
    // where leading and trailing whitespace can mean something, so it is stored as given.
    const title = input.title.trim();
    const tags = input.tags ?? [];
    await this.posts.insert(
      { id, author_id: viewer.id, title, content: input.content, created_at: now, updated_at: now },
      tags,
    );
    return {
      id,
      title,
      content: input.content,
      createdAt: now,
      updatedAt: now,
      authorId: viewer.id,
      author: { id: viewer.id, username: viewer.username },
      tags,
      commentCount: 0,
      favoriteCount: 0,
      favorited: false,
    };
  }

  async update(viewer: Viewer, id: string, input: PostWriteInput): Promise<Post> {
    await this.requireOwnPost(viewer, id, EDIT_FORBIDDEN_MESSAGE);
    const changed = await this.posts.update(
      id,
      { title: input.title.trim(), content: input.content, updated_at: nowIso() },
      input.tags,
    );
    if (!changed) throw notFound(POST_NOT_FOUND_MESSAGE);
    return this.get(id, viewer);
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    await this.requireOwnPost(viewer, id, DELETE_FORBIDDEN_MESSAGE);
    if (!(await this.posts.delete(id))) throw notFound(POST_NOT_FOUND_MESSAGE);
  }

  private async requireOwnPost(viewer: Viewer, id: string, forbiddenMessage: string): Promise<void> {
    const authorId = await this.posts.findAuthorId(id);
    if (authorId === undefined) throw notFound(POST_NOT_FOUND_MESSAGE);
    if (authorId !== viewer.id) throw forbidden(forbiddenMessage);
  }
}
