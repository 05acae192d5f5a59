import { apiRequest, NO_RESPONSE_MESSAGE, serverErrorText } from './api-client';
import { appStorage, readToken } from './storage';

/** What POST /api/media answers: the stored picture, resized, with its srcset. */
export interface UploadedMedia {
  id: string;
  url: string;
  width: number;
  height: number;
  srcset: string;
}

export type UploadResult = { ok: true; media: UploadedMedia } | { ok: false; message: string };

/**
 * POST /api/media (bearer, multipart field `file`) → 201 {response: UploadedMedia}. Not through
 * apiRequest, which speaks JSON only: the browser sets the multipart boundary itself.
 */
export function uploadMedia(file: File): Promise<UploadResult> {
  return uploadPicture<UploadedMedia>(file, '/api/media', 'POST');
}

/**
 * Sends one picture as the multipart field `file` to `path` (POST /api/media, PUT
 * /api/user/picture) and answers its `response`, or the server's message.
 */
export async function uploadPicture<T extends { url: string }>(
  file: File,
  path: string,
  method: 'POST' | 'PUT',
): Promise<{ ok: true; media: T } | { ok: false; message: string }> {
  const body = new FormData();
  body.append('file', file, file.name || 'image');
  const token = readToken(appStorage);
  let response: Response;
  try {
    response = await fetch(`${import.meta.env.VITE_API_BASE ?? ''}${path}`, {
      method,
      body,
      headers: token
        ? { Authorization: `Bearer ${token}`, Accept: 'application/json' }
        : { Accept: 'application/json' },
    });
  } catch {
    return { ok: false, message: NO_RESPONSE_MESSAGE };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, message: serverErrorText(answer) };
  const media = (answer as { response?: T } | null)?.response;
  if (!media || typeof media.url !== 'string') return { ok: false, message: serverErrorText(null) };
  return { ok: true, media };
}

/**
 * POST /api/media/remote {url} → 201 {response: UploadedMedia}: the server copies a picture from
 * another site (one pasted from a web page) into the media store, as an upload.
 */
export async function copyRemoteMedia(url: string): Promise<UploadResult> {
  const result = await apiRequest<{ response?: UploadedMedia }>('/api/media/remote', {
    method: 'POST',
    body: { url },
    auth: true,
  });
  if (!result.ok) return { ok: false, message: result.error.message };
  const media = result.data.response;
  if (!media || typeof media.url !== 'string') return { ok: false, message: serverErrorText(null) };
  return { ok: true, media };
}
