import type { NewsletterChoice } from '../../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import type { StudioPostResponse } from './studio-post';

export interface PostDraftInput {
  title: string;
  content: string;
  /** The post's topics; absent keeps the ones the post has. */
  tags?: string[];
  /** The address of the publication to write it in; absent keeps it where it is. */
  publication?: string | undefined;
  /** The cover picture's media id, null for none; absent keeps the post's cover. */
  coverId?: string | null | undefined;
  /** The newsletter choice the writer picked; absent keeps the saved one (or the list's default). */
  newsletter?: NewsletterChoice | undefined;
  /** Saved at a pause in typing: the version history keeps one entry per few minutes of those. */
  autosave?: boolean;
  /** The post's own settings the writer changed (decision 79); each absent keeps the post's. */
  slug?: string | undefined;
  metaTitle?: string | null | undefined;
  metaDescription?: string | null | undefined;
  socialImageId?: string | null | undefined;
  canonicalUrl?: string | null | undefined;
  /** The series the writer chose (decision 0086): joined as its last part; null leaves it; absent keeps it. */
  seriesId?: string | null | undefined;
}

/** The settings' fields of a save, which autosave keeps with a draft like its topics. */
export type PostSettingsKey = 'slug' | 'metaTitle' | 'metaDescription' | 'socialImageId' | 'canonicalUrl';

/** What a save asks for: stay a draft, publish now, or publish at a future time. */
export type PublishIntent = { status: 'draft' } | { status: 'published' } | { publishAt: string };

/** POST /api/post/blog (bearer) {title, content, status | publishAt} → 201 {response: StudioPost}. */
export function createStudioPost(
  input: PostDraftInput,
  intent: PublishIntent & { newsletter?: NewsletterChoice },
) {
  return apiRequest<StudioPostResponse>('/api/post/blog', {
    method: 'POST',
    body: { ...input, ...intent },
    auth: true,
  });
}

/**
 * PUT /api/post/blog?id= (bearer) {title, content, version, status | publishAt} → {response}.
 * A `version` older than the stored one is refused with 409: the post changed elsewhere.
 */
export function updateStudioPost(
  id: string,
  input: PostDraftInput & { version: number | null },
  intent?: PublishIntent & { newsletter?: NewsletterChoice },
) {
  const { version, ...fields } = input;
  return apiRequest<StudioPostResponse>('/api/post/blog', {
    method: 'PUT',
    query: { id },
    body: { ...fields, ...(version === null ? {} : { version }), ...(intent ?? {}) },
    auth: true,
  });
}

/**
 * Whether publishing emails the post to the list's subscribers (decision 61): `email`, `web` only
 * or `email-only` (off every list); absent, the list's default (decision 65).
 */
export type { NewsletterChoice };

/** The form's buttons, as a request: publish, save as a draft, schedule, or unpublish. */
export type SaveAction =
  | { kind: 'publish'; newsletter?: NewsletterChoice }
  | { kind: 'draft' }
  | { kind: 'schedule'; publishAt: string; newsletter?: NewsletterChoice }
  | { kind: 'unpublish' };

function intentOf(action: SaveAction): PublishIntent & { newsletter?: NewsletterChoice } {
  const choice = 'newsletter' in action && action.newsletter ? { newsletter: action.newsletter } : {};
  if (action.kind === 'schedule') return { publishAt: action.publishAt, ...choice };
  return action.kind === 'publish' ? { status: 'published', ...choice } : { status: 'draft' };
}

/**
 * One save of the writing page. A post not on the server yet is created (Publish without a status,
 * exactly specification §7's call); one that is (a saved draft, or /updateblog) is updated with the version
 * it was loaded at, so an edit made elsewhere meanwhile is answered with 409.
 */
export function savePost(
  input: PostDraftInput,
  action: SaveAction,
  current: { postId: string | null; version: number | null },
) {
  if (current.postId === null) {
    // Publish is exactly specification §7's call, with the optional choice the writing page showed.
    return action.kind === 'publish'
      ? apiRequest<StudioPostResponse>('/api/post/blog', {
          method: 'POST',
          body: action.newsletter ? { ...input, newsletter: action.newsletter } : input,
          auth: true,
        })
      : createStudioPost(input, intentOf(action));
  }
  return updateStudioPost(current.postId, { ...input, version: current.version }, intentOf(action));
}
