import type { PostVersion, PostVersionSummary } from '../../../../../contracts/post-versions';
import type { StudioPost } from '../../drafts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/post/versions?id= (bearer) → the post's versions, newest first, without their text. */
export async function listPostVersions(postId: string, signal?: AbortSignal) {
  const result = await apiRequest<{ response: PostVersionSummary[] }>('/api/post/versions', {
    query: { id: postId },
    auth: true,
    signal,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** GET /api/post/version?versionId= (bearer) → one version with its Markdown. */
export async function getPostVersion(versionId: string, signal?: AbortSignal) {
  const result = await apiRequest<{ response: PostVersion }>('/api/post/version', {
    query: { versionId },
    auth: true,
    signal,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** POST /api/post/version/restore?versionId= (bearer) → the post, its title and body the version's. */
export async function restorePostVersion(versionId: string) {
  const result = await apiRequest<{ response: StudioPost }>('/api/post/version/restore', {
    method: 'POST',
    query: { versionId },
    body: {},
    auth: true,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}
