import {
  failure,
  sendApiRequest,
  unexpectedErrorText,
  type ApiRequestOptions,
  type ApiResult,
} from './api-client';

/*
 * Beside the API client rather than in it: only Settings downloads files, and every page's first
 * load carries the client.
 */

/** A file the API sends (an export): its bytes and the name the server gave it. */
export async function apiDownload(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResult<{ blob: Blob; filename: string | null }>> {
  const sent = await sendApiRequest(path, options, '*/*');
  if (!sent.ok) return sent;
  try {
    const disposition = sent.data.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
    return { ok: true, data: { blob: await sent.data.blob(), filename } };
  } catch (error) {
    if (options.signal?.aborted) return failure('aborted', null, 'Aborted');
    return failure('unexpected', sent.data.status, unexpectedErrorText(error));
  }
}
