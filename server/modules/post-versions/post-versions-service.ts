import {
  AUTOSAVE_COALESCE_MS,
  VERSION_NOT_FOUND_MESSAGE,
  versionText,
  type PostVersion,
  type PostVersionKind,
  type PostVersionSummary,
} from '../../../contracts/post-versions';
import type { Post, PostWriteInput } from '../../../contracts/posts';
import { wordChange } from '../../../contracts/text-diff';
import { nowIso } from '../../lib/clock';
import { HttpError, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { Viewer } from '../accounts/authenticator';
import type { PostVersionListRow, PostVersionsRepository } from './post-versions-repository';

/** One write of a post's content, as the posts service tells of it. */
export interface SavedPost {
  post: Post;
  /** The post's publication time before the write ('new' when it was created). */
  before: string | null | 'new';
  /** The editor saved at a pause in typing, rather than on a button. */
  autosave: boolean | undefined;
  /** The write restores a version (POST /api/post/version/restore). */
  restore?: boolean;
}

/** What the posts service tells the history; implemented by PostVersionsService. */
export interface VersionRecorder {
  saved(save: SavedPost): Promise<void>;
}

/** What the history needs of the posts module: its edit rule, and an update like any other. */
export interface VersionedPosts {
  /** Throws as an edit would (404 for a draft the viewer may not edit, 403 for a public post). */
  requireEditor(viewer: Viewer, id: string): Promise<void>;
  update(viewer: Viewer, id: string, input: PostWriteInput, restoring: boolean): Promise<Post>;
}

/** A save of the same text counts as the stronger of the two: the list marks what was published. */
const RANK: Record<PostVersionKind, number> = { restore: -1, autosave: 0, manual: 1, publish: 2 };

/** Publishing (or scheduling) is a write that gives the post a publication time it did not have. */
function kindOf(save: SavedPost): PostVersionKind {
  if (save.restore) return 'restore';
  const { status, publishedAt } = save.post;
  if (status !== 'draft' && publishedAt !== save.before) return 'publish';
  return save.autosave ? 'autosave' : 'manual';
}

/**
 * A post's version history (docs/decisions/0076-post-versions.md). Every write of its content adds
 * a version, except that an autosave within AUTOSAVE_COALESCE_MS of an autosave entry begun before
 * it (and still the newest) replaces that entry's text, and a write that changed neither the title
 * nor the body adds nothing. Only those who may edit the post see its history.
 */
export class PostVersionsService implements VersionRecorder {
  constructor(
    private readonly versions: PostVersionsRepository,
    private readonly posts: VersionedPosts,
  ) {}

  async saved(save: SavedPost): Promise<void> {
    const { post } = save;
    const kind = kindOf(save);
    const latest = await this.versions.latest(post.id);
    if (latest && latest.title === post.title && latest.content === post.content) {
      // Publishing what the last autosave holds marks that entry rather than copying it.
      if (RANK[kind] > RANK[latest.kind]) await this.versions.relabel(latest.id, kind);
      return;
    }
    const now = nowIso();
    const coalesce =
      kind === 'autosave' &&
      latest?.kind === 'autosave' &&
      Date.parse(now) - Date.parse(latest.created_at) < AUTOSAVE_COALESCE_MS;
    const previous = coalesce ? await this.versions.latest(post.id, latest.id) : latest;
    const change = wordChange(previous ? versionText(previous) : '', versionText(post));
    const text = {
      title: post.title,
      content: post.content,
      saved_at: now,
      words_added: change.added,
      words_removed: change.removed,
    };
    if (coalesce) await this.versions.replaceText(latest.id, text);
    else await this.versions.insert({ id: uuidv7(), post_id: post.id, kind, created_at: now, ...text });
  }

  async list(viewer: Viewer, postId: string): Promise<PostVersionSummary[]> {
    await this.posts.requireEditor(viewer, postId);
    return (await this.versions.list(postId)).map(toSummary);
  }

  async get(viewer: Viewer, id: string): Promise<PostVersion> {
    const row = await this.editable(viewer, id);
    return { ...toSummary(row), content: row.content };
  }

  /**
   * The version's title and body become the post's, through the posts service's own update, so
   * search, caches, webhooks and followers hear of it as of any edit; the history gains a version.
   * With `version`, a post changed since the editor loaded it is refused (409), as a save would be.
   */
  async restore(viewer: Viewer, id: string, expected: number | undefined): Promise<Post> {
    const row = await this.editable(viewer, id);
    return this.posts.update(
      viewer,
      row.post_id,
      { title: row.title, content: row.content, ...(expected === undefined ? {} : { version: expected }) },
      true,
    );
  }

  /** A version of a post the viewer may not edit is as unknown to them as the version. */
  private async editable(viewer: Viewer, id: string) {
    const row = await this.versions.findById(id);
    if (!row) throw notFound(VERSION_NOT_FOUND_MESSAGE);
    try {
      await this.posts.requireEditor(viewer, row.post_id);
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403))
        throw notFound(VERSION_NOT_FOUND_MESSAGE);
      throw error;
    }
    return row;
  }
}

function toSummary(row: PostVersionListRow): PostVersionSummary {
  return {
    id: row.id,
    postId: row.post_id,
    kind: row.kind,
    title: row.title,
    savedAt: row.saved_at,
    wordsAdded: row.words_added,
    wordsRemoved: row.words_removed,
  };
}
