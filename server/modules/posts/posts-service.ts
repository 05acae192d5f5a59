import { USER_NOT_FOUND_MESSAGE } from '../../../contracts/auth';
import {
  BLOG_REQUIRED_MESSAGE,
  COVER_NOT_FOUND_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
  PUBLISH_AT_MAX_DAYS,
  PUBLISH_AT_PAST_MESSAGE,
  STALE_VERSION_MESSAGE,
  type Page,
  type Post,
  type PostWriteInput,
  type ReadablePost,
} from '../../../contracts/posts';
import type { RateLimitRule } from '../../config';
import { nowIso } from '../../db/sql-helpers';
import type { Viewer } from '../../lib/authenticator';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { MarkdownRenderer } from '../../lib/markdown/markdown-renderer';
import { RateLimiter } from '../../lib/rate-limiter';
import type { RedisConnection } from '../../lib/redis';
import type { PostChangeListener } from '../webhooks/webhook-events';
import { editTime, publicationTime, toTimePage, type TimePageRequest } from './paging';
import type { PostsRepository, PostWriteState } from './posts-repository';

export const EDIT_FORBIDDEN_MESSAGE = 'You can only edit your own posts';
export const DELETE_FORBIDDEN_MESSAGE = 'You can only delete your own posts';
export const POST_DELETED_MESSAGE = 'Post deleted';
export const TOO_MANY_POSTS_MESSAGE = 'You are creating posts too fast. Please try again later.';
export const TAG_NOT_FOUND_MESSAGE = 'Tag not found';
export const PUBLISH_AT_TOO_FAR_MESSAGE = `publishAt must be within ${PUBLISH_AT_MAX_DAYS / 366} years`;

/**
 * A post sits under its h1 title, so its own headings start at h2. In-line comments look for their
 * passages in the text of exactly this rendering (social/comments/post-passages.ts).
 */
export const POST_HEADING_BASE = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A PUT that started from an older version than the post's: answered 409 with the current one. */
export class StaleVersionError extends HttpError {
  constructor(readonly currentVersion: number) {
    super(409, STALE_VERSION_MESSAGE);
  }
}

/**
 * Post rules: anyone reads what is published, a signed-in user writes, only the author edits,
 * deletes or sees their drafts and scheduled posts (to everyone else those do not exist: 404).
 */
export class PostsService {
  private readonly createdByUser: RateLimiter;

  constructor(
    private readonly posts: PostsRepository,
    private readonly markdown: MarkdownRenderer,
    postsPerUser: RateLimitRule,
    redis?: RedisConnection,
    /** Told after each write (webhooks); never the writer's failure. */
    private readonly changes?: PostChangeListener,
  ) {
    // Shared by every instance when Redis is configured, like the other per-user limits.
    this.createdByUser = RateLimiter.create('posts', postsPerUser, redis);
  }

  async get(id: string, viewer: Viewer | null): Promise<Post> {
    const post = await this.posts.findById(id, viewer?.id ?? null);
    // Drafts, scheduled and hidden posts (issue 14 §2) exist for their author alone.
    if (!post || ((post.status !== 'published' || post.hidden) && post.authorId !== viewer?.id)) {
      throw notFound(POST_NOT_FOUND_MESSAGE);
    }
    return post;
  }

  /** The post with its Markdown rendered, as the read page shows it. */
  async read(id: string, viewer: Viewer | null): Promise<ReadablePost> {
    const post = await this.get(id, viewer);
    const rendered = this.markdown.render(post.content, POST_HEADING_BASE);
    return { ...post, contentHtml: rendered.html, imageUrl: rendered.firstImageUrl };
  }

  /** Markdown rendered exactly as the read page renders a post's body (the editor's Preview). */
  preview(content: string): { contentHtml: string } {
    return { contentHtml: this.markdown.render(content, POST_HEADING_BASE).html };
  }

  async list(page: TimePageRequest, viewer: Viewer | null): Promise<Page<Post>> {
    return toTimePage(await this.posts.listNewest(page, viewer?.id ?? null), page.limit, publicationTime);
  }

  async listByAuthor(authorId: string, page: TimePageRequest, viewer: Viewer | null): Promise<Page<Post>> {
    const rows = await this.posts.listByAuthor(authorId, page, viewer?.id ?? null);
    // Only an empty page needs to tell "no such user" from "no posts (left)": one query otherwise.
    if (rows.length === 0 && !(await this.posts.userExists(authorId))) {
      throw notFound(USER_NOT_FOUND_MESSAGE);
    }
    return toTimePage(rows, page.limit, publicationTime);
  }

  /** A topic's posts; an unknown topic is a 404, a known one without posts (left) an empty page. */
  async listByTag(tag: string, page: TimePageRequest, viewer: Viewer | null): Promise<Page<Post>> {
    const rows = await this.posts.listByTag(tag, page, viewer?.id ?? null);
    if (rows.length === 0 && !(await this.posts.tagExists(tag))) throw notFound(TAG_NOT_FOUND_MESSAGE);
    return toTimePage(rows, page.limit, publicationTime);
  }

  /** The writer's own drafts and scheduled posts, newest edit first. */
  async listDrafts(viewer: Viewer, page: TimePageRequest): Promise<Page<Post>> {
    return toTimePage(await this.posts.listUnpublished(viewer.id, page), page.limit, editTime);
  }

  async create(viewer: Viewer, input: PostWriteInput): Promise<Post> {
    const now = nowIso();
    const id = uuidv7();
    const publishedAt = resolvePublication(input, 'new', now);
    // The title is a single line, so stray spaces around it are noise; content is Markdown,
    // where leading and trailing whitespace can mean something, so it is stored as given.
    const title = input.title.trim();
    requireCompleteUnlessDraft(title, input.content, publishedAt);
    const coverId = input.coverId ?? null;
    if (coverId !== null) await this.requireOwnCover(viewer, coverId);
    // Counted once the post is known to be valid: a refused attempt is not a post created.
    await this.createdByUser.spend(viewer.id, TOO_MANY_POSTS_MESSAGE);
    await this.posts.insert(
      {
        id,
        author_id: viewer.id,
        title,
        content: input.content,
        created_at: now,
        updated_at: now,
        published_at: publishedAt,
        cover_id: coverId,
      },
      input.tags ?? [],
    );
    const post = await this.get(id, viewer);
    await this.changes?.postWritten('new', post);
    return post;
  }

  /**
   * SPEC's PUT (title and content) keeps the post's state; `status`/`publishAt` move it. With
   * `version`, an edit started from an older version is refused (409) instead of overwriting.
   */
  async update(viewer: Viewer, id: string, input: PostWriteInput): Promise<Post> {
    const state = await this.requireOwnPost(viewer, id, EDIT_FORBIDDEN_MESSAGE);
    if (input.version !== undefined && input.version !== state.version) {
      throw new StaleVersionError(state.version);
    }
    const now = nowIso();
    const publishedAt = resolvePublication(input, state.publishedAt, now);
    const title = input.title.trim();
    requireCompleteUnlessDraft(title, input.content, publishedAt);
    if (input.coverId) await this.requireOwnCover(viewer, input.coverId);
    const outcome = await this.posts.update(
      id,
      {
        title,
        content: input.content,
        updated_at: now,
        published_at: publishedAt,
        ...(input.coverId === undefined ? {} : { cover_id: input.coverId }),
      },
      input.tags,
      // The state above was read from this version: a write in between must not be overwritten
      // with a publication time worked out from older facts.
      state.version,
    );
    if (outcome.kind === 'missing') throw notFound(POST_NOT_FOUND_MESSAGE);
    if (outcome.kind === 'stale') {
      if (input.version !== undefined) throw new StaleVersionError(outcome.currentVersion);
      // Without a version the SPEC's last write wins: try once more against the newer state.
      return this.update(viewer, id, { ...input, version: undefined });
    }
    const post = await this.get(id, viewer);
    await this.changes?.postWritten(state.publishedAt, post);
    return post;
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    await this.requireOwnPost(viewer, id, DELETE_FORBIDDEN_MESSAGE);
    // What the post was, for those told of its deletion (read only when someone listens).
    const before = this.changes ? await this.posts.findById(id, viewer.id) : undefined;
    if (!(await this.posts.delete(id))) throw notFound(POST_NOT_FOUND_MESSAGE);
    if (before) await this.changes?.postDeleted(before);
  }

  /**
   * Someone else's draft or scheduled post is a 404, like one that does not exist; their
   * published post is a 403, since anyone can see it exists.
   */
  private async requireOwnPost(
    viewer: Viewer,
    id: string,
    forbiddenMessage: string,
  ): Promise<PostWriteState> {
    const state = await this.posts.findWriteState(id);
    if (state === undefined) throw notFound(POST_NOT_FOUND_MESSAGE);
    if (state.authorId !== viewer.id) {
      const visible = state.publishedAt !== null && state.publishedAt <= nowIso();
      throw visible ? forbidden(forbiddenMessage) : notFound(POST_NOT_FOUND_MESSAGE);
    }
    return state;
  }

  private async requireOwnCover(viewer: Viewer, coverId: string): Promise<void> {
    if (!(await this.posts.ownsMedia(viewer.id, coverId))) {
      throw badRequest(COVER_NOT_FOUND_MESSAGE, { coverId: [COVER_NOT_FOUND_MESSAGE] });
    }
  }
}

/**
 * The publication time a write asks for, given the post's current one ('new' when creating):
 * `publishAt` schedules; `status: 'draft'` unpublishes; `status: 'published'` publishes now, or
 * keeps the time of a post already public; neither keeps the state (a new post is published now).
 */
function resolvePublication(
  input: PostWriteInput,
  current: string | null | 'new',
  now: string,
): string | null {
  if (input.publishAt !== undefined) {
    if (input.publishAt <= now)
      throw badRequest(PUBLISH_AT_PAST_MESSAGE, { publishAt: [PUBLISH_AT_PAST_MESSAGE] });
    if (Date.parse(input.publishAt) - Date.parse(now) > PUBLISH_AT_MAX_DAYS * DAY_MS) {
      throw badRequest(PUBLISH_AT_TOO_FAR_MESSAGE, { publishAt: [PUBLISH_AT_TOO_FAR_MESSAGE] });
    }
    return input.publishAt;
  }
  if (input.status === 'draft') return null;
  // SPEC §7: a new post without a status is published at once.
  if (current === 'new') return now;
  const isPublic = current !== null && current <= now;
  if (input.status === 'published') return isPublic ? current : now;
  return current;
}

/**
 * SPEC §5: a post that readers will see needs a title (already trimmed) and content; a draft may
 * be unfinished. The fields a post lacks for readers, so the API and an import apply one rule.
 */
export function missingForReaders(title: string, content: string): ('title' | 'content')[] {
  return [
    ...(title.length === 0 ? ['title' as const] : []),
    ...(content.trim().length === 0 ? ['content' as const] : []),
  ];
}

function requireCompleteUnlessDraft(title: string, content: string, publishedAt: string | null): void {
  if (publishedAt === null) return;
  const missing = missingForReaders(title, content);
  if (missing.length > 0)
    throw badRequest(
      BLOG_REQUIRED_MESSAGE,
      Object.fromEntries(missing.map((field) => [field, [BLOG_REQUIRED_MESSAGE]])),
    );
}
