import { USER_NOT_FOUND_MESSAGE } from '../../../contracts/auth';
import {
  BLOG_REQUIRED_MESSAGE,
  COVER_NOT_FOUND_MESSAGE,
  MOVE_FORBIDDEN_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
  PUBLICATION_UNKNOWN_MESSAGE,
  PUBLISH_AT_MAX_DAYS,
  PUBLISH_AT_PAST_MESSAGE,
  STALE_VERSION_MESSAGE,
  type Page,
  type Post,
  type PostWriteInput,
  type ReadablePost,
} from '../../../contracts/posts';
import {
  SLUG_TAKEN_MESSAGE,
  SOCIAL_IMAGE_NOT_FOUND_MESSAGE,
  numberedPostSlug,
  slugFromTitle,
} from '../../../contracts/post-settings';
import type { PostSeries } from '../../../contracts/series';
import { COAUTHOR_DELETE_MESSAGE, COAUTHOR_MOVE_MESSAGE } from '../../../contracts/coauthors';
import { nowIso } from '../../lib/clock';
import type { Viewer } from '../accounts/authenticator';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { MarkdownRenderer } from './markdown/markdown-renderer';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import { NOT_A_MEMBER_MESSAGE, roleAtLeast, type PublicationRole } from '../../../contracts/publications';
import type { PostChangeListener } from '../webhooks/webhook-events';
import type { VersionRecorder } from '../post-versions/post-versions-service';
import { editTime, publicationTime, toTimePage, type TimePageRequest } from './paging';
import type { FormerSlug, PostChanges, PostsRepository, PostWriteState } from './posts-repository';
import { isPostSlugCollision } from './post-slugs-repository';
import { isPublished } from './post-visibility';

/** How many times a slug made from the title is made again after another post took it first. */
const SLUG_RACE_RETRIES = 3;

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

/** What the post rules need to know of publications: the publications module answers. */
export interface PublicationAccess {
  findBySlug(slug: string): Promise<{ id: string; personal_user_id: string | null } | undefined>;
  roleOf(publicationId: string, userId: string): Promise<PublicationRole | undefined>;
}

/**
 * The writing page's series choice (series module, decision 0086): checked before a post's write,
 * carried out after it.
 */
export interface SeriesPlacement {
  checkPlacement(
    viewer: Viewer,
    seriesId: string | null,
    post: { id: string | null; authorId: string; publicationId: string | null },
  ): Promise<void>;
  place(postId: string, seriesId: string | null): Promise<void>;
}

/** The publication a post is in: a team's, or its author's own blog, whose id is the author's. */
const publicationOf = (state: PostWriteState) => state.publicationId ?? state.authorId;

/** A PUT that started from an older version than the post's: answered 409 with the current one. */
export class StaleVersionError extends HttpError {
  constructor(readonly currentVersion: number) {
    super(409, STALE_VERSION_MESSAGE);
  }
}

/**
 * Post rules: anyone reads what is published, a signed-in user writes. The author edits, deletes
 * and sees their drafts and scheduled posts; in a publication, its editors and owner
 * also edit, publish and unpublish it, its owner also deletes it, and an author who left it can only
 * move the post out. To everyone else a draft or scheduled post does not exist (404).
 */
export class PostsService {
  private readonly createdByUser: RateLimiter;

  constructor(
    private readonly posts: PostsRepository,
    private readonly markdown: MarkdownRenderer,
    limiters: RateLimiters<'postsPerUser'>,
    /** Told after each write (webhooks); never the writer's failure. */
    private readonly changes?: PostChangeListener,
    private readonly publications?: PublicationAccess,
    /** Keeps each write's text in the post's version history. */
    private readonly versions?: VersionRecorder,
    /** The post's place in its series (series module), for the read page's "Part N of M". */
    private readonly seriesOf?: (postId: string) => Promise<PostSeries | null>,
    /** Likes and boosts from the social web (federation module, decision 0084). */
    private readonly socialReactionsOf?: (
      postId: string,
    ) => Promise<{ socialLikes: number; socialReposts: number }>,
    /** A write's `seriesId` (series module, decision 0086). */
    private readonly seriesPlacement?: SeriesPlacement,
  ) {
    this.createdByUser = limiters.limiter('postsPerUser');
  }

  async get(id: string, viewer: Viewer | null): Promise<Post> {
    const post = await this.posts.findById(id, viewer?.id ?? null);
    if (!post) throw notFound(POST_NOT_FOUND_MESSAGE);
    // Drafts, scheduled and hidden posts exist for their author alone, except that a
    // publication's editors see its unpublished posts: they publish them.
    if ((post.status !== 'published' || post.hidden) && post.authorId !== viewer?.id) {
      // Its co-authors see it as its first author does (decision 85).
      if (viewer && post.authors.some((author) => author.id === viewer.id)) return post;
      const state = viewer && !post.hidden ? await this.posts.findWriteState(id) : undefined;
      if (!viewer || !state || !atLeastEditor(await this.roleIn(publicationOf(state), viewer.id))) {
        throw notFound(POST_NOT_FOUND_MESSAGE);
      }
    }
    return post;
  }

  /** A publication's public posts, newest first (its site's home). */
  async listByPublication(
    publication: { id: string; personalUserId: string | null },
    page: TimePageRequest,
    viewer: Viewer | null,
  ): Promise<Page<Post>> {
    const rows = await this.posts.listByPublication(publication, page, viewer?.id ?? null);
    return toTimePage(rows, page.limit, publicationTime);
  }

  /** A writer's pinned post (decision 68), when readers may see it. */
  async pinnedPost(userId: string): Promise<Post | undefined> {
    const id = await this.posts.pinnedPostId(userId);
    const post = id ? await this.posts.findById(id, null) : undefined;
    return post && post.status === 'published' && !post.hidden ? post : undefined;
  }

  /** The post with its Markdown rendered, as the read page shows it. */
  async read(id: string, viewer: Viewer | null): Promise<ReadablePost> {
    return await this.rendered(await this.get(id, viewer));
  }

  /** The post as its page shows it, to the holder of a preview link: never one the operators hid. */
  async readForPreview(id: string): Promise<ReadablePost | undefined> {
    const post = await this.posts.findById(id, null);
    return post && !post.hidden ? await this.rendered(post) : undefined;
  }

  private async rendered(post: Post): Promise<ReadablePost> {
    // The read page and a preview link's page carry the script that loads an embed on a click.
    const rendered = this.markdown.render(post.content, POST_HEADING_BASE, undefined, 'facade');
    const series = this.seriesOf ? await this.seriesOf(post.id) : null;
    const social = this.socialReactionsOf
      ? await this.socialReactionsOf(post.id)
      : { socialLikes: 0, socialReposts: 0 };
    return { ...post, contentHtml: rendered.html, imageUrl: rendered.firstImageUrl, series, ...social };
  }

  /** Markdown rendered exactly as the read page renders a post's body (the editor's Preview). */
  preview(content: string): { contentHtml: string } {
    return { contentHtml: this.markdown.render(content, POST_HEADING_BASE, undefined, 'facade').html };
  }

  async list(page: TimePageRequest, viewer: Viewer | null): Promise<Page<Post>> {
    return toTimePage(await this.posts.listNewest(page, viewer?.id ?? null), page.limit, publicationTime);
  }

  /** A writer's posts, those they co-write among them (decision 85). */
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
    if (input.socialImageId) await this.requireOwnSocialImage(viewer, input.socialImageId);
    const publicationId =
      input.publication === undefined ? null : await this.publicationFor(viewer, input.publication);
    if (input.seriesId) {
      await this.seriesPlacement?.checkPlacement(viewer, input.seriesId, {
        id: null,
        authorId: viewer.id,
        publicationId,
      });
    }
    const slug = await this.slugFor(id, publicationId ?? viewer.id, input.slug, null, title, publishedAt);
    // Counted once the post is known to be valid: a refused attempt is not a post created.
    await this.createdByUser.spend(viewer.id, TOO_MANY_POSTS_MESSAGE);
    const fromTitle =
      typeof input.slug === 'string' ? null : { blogId: publicationId ?? viewer.id, postId: id, title };
    await this.writeWithSlug(slug, fromTitle, (slug) =>
      this.posts.insert(
        {
          id,
          author_id: viewer.id,
          title,
          content: input.content,
          created_at: now,
          updated_at: now,
          published_at: publishedAt,
          cover_id: coverId,
          publication_id: publicationId,
          ...settingsChanges(input),
          slug,
        },
        input.tags ?? [],
        input.newsletter,
      ),
    );
    if (input.seriesId) await this.seriesPlacement?.place(id, input.seriesId);
    const post = await this.get(id, viewer);
    await this.versions?.saved({ post, before: 'new', autosave: input.autosave });
    await this.changes?.postWritten('new', post);
    return post;
  }

  /**
   * the specification's PUT (title and content) keeps the post's state; `status`/`publishAt` move it. With
   * `version`, an edit started from an older version is refused (409) instead of overwriting.
   */
  async update(viewer: Viewer, id: string, input: PostWriteInput, restoring = false): Promise<Post> {
    const state = await this.requireEditable(viewer, id, input.publication);
    if (input.version !== undefined && input.version !== state.version) {
      throw new StaleVersionError(state.version);
    }
    const now = nowIso();
    const publishedAt = resolvePublication(input, state.publishedAt, now);
    const title = input.title.trim();
    requireCompleteUnlessDraft(title, input.content, publishedAt);
    if (input.coverId) await this.requireOwnCover(viewer, input.coverId, state.authorId);
    if (input.socialImageId) await this.requireOwnSocialImage(viewer, input.socialImageId, state.authorId);
    const publicationId =
      input.publication === undefined ? undefined : await this.publicationFor(viewer, input.publication);
    const blogBefore = publicationOf(state);
    const blogAfter = publicationId === undefined ? blogBefore : (publicationId ?? state.authorId);
    if (input.seriesId !== undefined) {
      await this.seriesPlacement?.checkPlacement(viewer, input.seriesId, {
        id,
        authorId: state.authorId,
        publicationId: publicationId === undefined ? state.publicationId : publicationId,
      });
    }
    // A post moved to another blog takes its address along when it is free there, else the title's.
    const displaced =
      blogAfter !== blogBefore &&
      state.slug !== null &&
      (await this.posts.slugs.isTaken(blogAfter, state.slug, id));
    const slug = await this.slugFor(
      id,
      blogAfter,
      displaced && input.slug === undefined ? null : input.slug,
      displaced ? null : state.slug,
      title,
      publishedAt,
    );
    // The address it leaves in the same blog keeps answering, by a 301 to the new one.
    const formerSlug: FormerSlug | undefined =
      state.slug !== null && slug !== state.slug && blogAfter === blogBefore
        ? { blogId: blogBefore, slug: state.slug }
        : undefined;
    const fromTitle =
      typeof input.slug === 'string' || slug === state.slug ? null : { blogId: blogAfter, postId: id, title };
    const outcome = await this.writeWithSlug(slug, fromTitle, (slug) =>
      this.posts.update(
        id,
        {
          title,
          content: input.content,
          updated_at: now,
          published_at: publishedAt,
          ...(input.coverId === undefined ? {} : { cover_id: input.coverId }),
          ...(publicationId === undefined ? {} : { publication_id: publicationId }),
          ...settingsChanges(input),
          slug,
        },
        input.tags,
        // The state above was read from this version: a write in between must not be overwritten
        // with a publication time worked out from older facts.
        state.version,
        { before: state.publishedAt, choice: input.newsletter },
        formerSlug,
      ),
    );
    if (outcome.kind === 'missing') throw notFound(POST_NOT_FOUND_MESSAGE);
    if (outcome.kind === 'stale') {
      if (input.version !== undefined) throw new StaleVersionError(outcome.currentVersion);
      // Without a version the specification's last write wins: try once more against the newer state.
      return this.update(viewer, id, { ...input, version: undefined }, restoring);
    }
    if (input.seriesId !== undefined) await this.seriesPlacement?.place(id, input.seriesId);
    const post = await this.get(id, viewer);
    const before = state.publishedAt;
    await this.versions?.saved({ post, before, autosave: input.autosave, restore: restoring });
    await this.changes?.postWritten(before, post);
    return post;
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    const state = await this.posts.findWriteState(id);
    if (state === undefined) throw notFound(POST_NOT_FOUND_MESSAGE);
    // Its (first) author, or the owner of the publication it is in; never a co-author (decision 85).
    if (state.authorId !== viewer.id && (await this.roleIn(publicationOf(state), viewer.id)) !== 'owner') {
      if (await this.posts.isCoAuthor(id, viewer.id)) throw forbidden(COAUTHOR_DELETE_MESSAGE);
      throw refusal(state, DELETE_FORBIDDEN_MESSAGE);
    }
    // What the post was, for those told of its deletion (read only when someone listens).
    const before = this.changes ? await this.posts.findById(id, viewer.id) : undefined;
    if (!(await this.posts.delete(id))) throw notFound(POST_NOT_FOUND_MESSAGE);
    if (before) await this.changes?.postDeleted(before);
  }

  /** The edit rule alone, for what only a post's editors see (its version history). */
  async requireEditor(viewer: Viewer, id: string): Promise<void> {
    await this.requireEditable(viewer, id, undefined);
  }

  /**
   * Who may change a post: its author while a member of the publication it is in (or, having
   * left, only to move it elsewhere), its co-authors (decision 85) and that publication's editors
   * and owner (neither of whom moves it).
   */
  private async requireEditable(
    viewer: Viewer,
    id: string,
    moveTo: string | undefined,
  ): Promise<PostWriteState> {
    const state = await this.posts.findWriteState(id);
    if (state === undefined) throw notFound(POST_NOT_FOUND_MESSAGE);
    if (state.authorId === viewer.id) {
      const inOwnBlog = state.publicationId === null;
      if (inOwnBlog || moveTo !== undefined || (await this.roleIn(publicationOf(state), viewer.id)))
        return state;
      throw forbidden(NOT_A_MEMBER_MESSAGE);
    }
    if (await this.posts.isCoAuthor(id, viewer.id)) {
      if (moveTo !== undefined) throw forbidden(COAUTHOR_MOVE_MESSAGE);
      return state;
    }
    if (!atLeastEditor(await this.roleIn(publicationOf(state), viewer.id))) {
      throw refusal(state, EDIT_FORBIDDEN_MESSAGE);
    }
    if (moveTo !== undefined) throw forbidden(MOVE_FORBIDDEN_MESSAGE);
    return state;
  }

  private async roleIn(publicationId: string, userId: string): Promise<PublicationRole | undefined> {
    return this.publications?.roleOf(publicationId, userId);
  }

  /**
   * The publication_id a write by `viewer` asks for: null for their own blog, else a publication
   * they are a member of (an unknown address is a 400, one they are not in a 403).
   */
  private async publicationFor(viewer: Viewer, slug: string): Promise<string | null> {
    const publication = await this.publications?.findBySlug(slug);
    if (!publication)
      throw badRequest(PUBLICATION_UNKNOWN_MESSAGE, { publication: [PUBLICATION_UNKNOWN_MESSAGE] });
    if (publication.personal_user_id === viewer.id) return null;
    if (!(await this.roleIn(publication.id, viewer.id))) throw forbidden(NOT_A_MEMBER_MESSAGE);
    return publication.id;
  }

  /** A cover is a picture the writer uploaded, or (an editor at work) one the author did. */
  private async requireOwnCover(viewer: Viewer, coverId: string, authorId = viewer.id): Promise<void> {
    if (!(await this.ownsPicture(viewer, coverId, authorId))) {
      throw badRequest(COVER_NOT_FOUND_MESSAGE, { coverId: [COVER_NOT_FOUND_MESSAGE] });
    }
  }

  /** The social picture follows the cover's rule. */
  private async requireOwnSocialImage(viewer: Viewer, mediaId: string, authorId = viewer.id): Promise<void> {
    if (!(await this.ownsPicture(viewer, mediaId, authorId))) {
      throw badRequest(SOCIAL_IMAGE_NOT_FOUND_MESSAGE, { socialImageId: [SOCIAL_IMAGE_NOT_FOUND_MESSAGE] });
    }
  }

  private async ownsPicture(viewer: Viewer, mediaId: string, authorId: string): Promise<boolean> {
    const owns = async (userId: string) => this.posts.ownsMedia(userId, mediaId);
    return (await owns(viewer.id)) || (authorId !== viewer.id && (await owns(authorId)));
  }

  /**
   * The post's address in `blogId` after a write (decision 79): the one asked for, when no other
   * post of the blog holds it (else 409); null asked: the title's again; none asked: the one it
   * has, or, once it is published or scheduled, the title's (numbered when taken). A draft keeps
   * none until then, so its address does not follow every change of a working title.
   */
  private async slugFor(
    postId: string,
    blogId: string,
    asked: string | null | undefined,
    current: string | null,
    title: string,
    publishedAt: string | null,
  ): Promise<string | null> {
    if (typeof asked === 'string') {
      if (asked !== current && (await this.posts.slugs.isTaken(blogId, asked, postId))) {
        throw conflict(SLUG_TAKEN_MESSAGE, { slug: [SLUG_TAKEN_MESSAGE] });
      }
      return asked;
    }
    if (asked === undefined && (current !== null || publishedAt === null)) return current;
    const base = slugFromTitle(title);
    if (base === null) return current;
    return base === current ? current : this.posts.slugs.freeSlug(blogId, base, postId);
  }

  /**
   * Writes the post with `slug`. Another post of the blog may take that address between the read
   * that found it free and this write (two posts of one title at once, which PostgreSQL runs side by
   * side): an address the writer asked for is theirs to change (409); one made from the title is
   * made again, and after a few lost races made unique with the post's id, so the write succeeds.
   */
  private async writeWithSlug<T>(
    slug: string | null,
    fromTitle: { blogId: string; postId: string; title: string } | null,
    write: (slug: string | null) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await write(slug);
      } catch (error) {
        if (!isPostSlugCollision(error)) throw error;
        const base = fromTitle === null ? null : slugFromTitle(fromTitle.title);
        if (fromTitle === null || base === null || attempt > SLUG_RACE_RETRIES) {
          throw conflict(SLUG_TAKEN_MESSAGE, { slug: [SLUG_TAKEN_MESSAGE] });
        }
        slug =
          attempt < SLUG_RACE_RETRIES
            ? await this.posts.slugs.freeSlug(fromTitle.blogId, base, fromTitle.postId)
            : // The random end of the post's UUIDv7: no other post races for that one.
              numberedPostSlug(base, parseInt(fromTitle.postId.slice(-6), 16));
      }
    }
  }

  /**
   * The post a blog's site address names: by its slug there now (`current`), by one it had
   * before (`former`: the site answers 301 to its address now), else none.
   */
  async findBySiteSlug(
    blogId: string,
    slug: string,
  ): Promise<{ kind: 'current' | 'former'; postId: string } | undefined> {
    const current = await this.posts.slugs.findCurrent(blogId, slug);
    if (current) return { kind: 'current', postId: current };
    const former = await this.posts.slugs.findFormer(blogId, slug);
    return former ? { kind: 'former', postId: former } : undefined;
  }
}

const atLeastEditor = (role: PublicationRole | undefined) => roleAtLeast(role, 'editor');

/** The settings a write names (absent: kept); the slug is worked out apart (slugFor). */
function settingsChanges(input: PostWriteInput): Omit<Partial<PostChanges>, 'slug'> {
  return {
    ...(input.metaTitle === undefined ? {} : { meta_title: input.metaTitle }),
    ...(input.metaDescription === undefined ? {} : { meta_description: input.metaDescription }),
    ...(input.socialImageId === undefined ? {} : { social_image_id: input.socialImageId }),
    ...(input.canonicalUrl === undefined ? {} : { canonical_url: input.canonicalUrl }),
  };
}

/**
 * Someone else's draft or scheduled post is a 404, like one that does not exist; their published
 * post is a 403, since anyone can see it exists.
 */
function refusal(state: PostWriteState, forbiddenMessage: string): HttpError {
  return isPublished(state.publishedAt) ? forbidden(forbiddenMessage) : notFound(POST_NOT_FOUND_MESSAGE);
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
  // Specification §7: a new post without a status is published at once.
  if (current === 'new') return now;
  if (input.status === 'published') return isPublished(current, now) ? current : now;
  return current;
}

/**
 * Specification §5: a post that readers will see needs a title (already trimmed) and content; a draft may
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
