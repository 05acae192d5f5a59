import { randomBytes } from 'node:crypto';
import {
  PREVIEW_LINK_NOT_FOUND_MESSAGE,
  PREVIEW_LINKS_LIMIT_MESSAGE,
  PREVIEW_LINKS_PER_POST,
  PREVIEW_NOT_FOUND_MESSAGE,
  PREVIEW_OF_PUBLISHED_MESSAGE,
  previewPath,
  type CreatePreviewLinkInput,
  type PreviewLink,
} from '../../../contracts/post-previews';
import type { ReadablePost } from '../../../contracts/posts';
import { nowIso } from '../../lib/clock';
import { HttpError, conflict, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { Viewer } from '../accounts/authenticator';
import type { PostPreviewsRepository, PreviewLinkRow } from './post-previews-repository';

const DAY_MS = 24 * 60 * 60_000;

/** What preview links need of the posts module. */
export interface PreviewedPosts {
  /** The post as `viewer` may see it (404 otherwise): an unpublished one, its author and editors. */
  get(id: string, viewer: Viewer): Promise<{ id: string; status: string }>;
  /** The post rendered as its page shows it, unless it is hidden by the operators. */
  readForPreview(id: string): Promise<ReadablePost | undefined>;
}

/**
 * Preview links (docs/decisions/0075-preview-links.md): whoever may see an unpublished post (its
 * author, a publication's editors) makes, lists and revokes links; whoever holds a live link reads
 * the post until it is published, when the link leads to its page instead.
 */
export class PostPreviewsService {
  constructor(
    private readonly previews: PostPreviewsRepository,
    private readonly posts: PreviewedPosts,
    private readonly publicUrl: string,
  ) {}

  async create(viewer: Viewer, postId: string, input: CreatePreviewLinkInput): Promise<PreviewLink> {
    await this.unpublished(viewer, postId);
    const now = nowIso();
    await this.previews.deleteExpired(postId, now);
    if ((await this.previews.listLive(postId, now)).length >= PREVIEW_LINKS_PER_POST) {
      throw conflict(PREVIEW_LINKS_LIMIT_MESSAGE);
    }
    const row: PreviewLinkRow = {
      id: uuidv7(),
      post_id: postId,
      // 192 random bits: as hard to guess as a session token.
      token: randomBytes(24).toString('base64url'),
      created_by: viewer.id,
      created_at: now,
      expires_at: input.expiresInDays
        ? new Date(Date.parse(now) + input.expiresInDays * DAY_MS).toISOString()
        : null,
    };
    await this.previews.insert(row);
    return this.toLink(row);
  }

  async list(viewer: Viewer, postId: string): Promise<PreviewLink[]> {
    await this.posts.get(postId, viewer);
    const now = nowIso();
    await this.previews.deleteExpired(postId, now);
    return (await this.previews.listLive(postId, now)).map((row) => this.toLink(row));
  }

  /** Any link of a post the viewer may see: a publication's editor revokes a link its writer made. */
  async revoke(viewer: Viewer, id: string): Promise<void> {
    const row = await this.previews.findById(id);
    if (!row) throw notFound(PREVIEW_LINK_NOT_FOUND_MESSAGE);
    try {
      await this.posts.get(row.post_id, viewer);
    } catch (error) {
      // A post the viewer may not see: its links are as unknown to them as the post.
      if (error instanceof HttpError && error.statusCode === 404)
        throw notFound(PREVIEW_LINK_NOT_FOUND_MESSAGE);
      throw error;
    }
    await this.previews.delete(id);
  }

  /** The post a live token shows: unpublished, or published since (the page then moves to its address). */
  async read(token: string): Promise<ReadablePost> {
    const row = await this.previews.findLiveByToken(token, nowIso());
    const post = row ? await this.posts.readForPreview(row.post_id) : undefined;
    if (!post) throw notFound(PREVIEW_NOT_FOUND_MESSAGE);
    return post;
  }

  private async unpublished(viewer: Viewer, postId: string): Promise<void> {
    const post = await this.posts.get(postId, viewer);
    if (post.status === 'published') throw conflict(PREVIEW_OF_PUBLISHED_MESSAGE);
  }

  private toLink(row: PreviewLinkRow): PreviewLink {
    return {
      id: row.id,
      postId: row.post_id,
      url: new URL(previewPath(row.token), this.publicUrl).toString(),
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    };
  }
}
