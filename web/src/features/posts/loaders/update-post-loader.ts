import type { LoaderFunctionArgs } from 'react-router';
import type { Post } from '../../../../../contracts/posts';
import type { ApiResult } from '../../../lib/api-client';
import { hasSession, logFailure } from '../../../lib/loader-helpers';
import type { Deferred } from '../../../lib/loaded';
import { pageDataOf } from '../../../lib/page-data';

export interface UpdatePostData {
  id: string | null;
  /** null until the browser, which holds the session, has asked. */
  post: Deferred<ApiResult<Post>> | null;
  browserOnly?: true;
}

/** /updateblog?id= is the author's alone: the server sends its skeleton, the browser loads it. */
export async function updatePostLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  const id = new URL(request.url).searchParams.get('id') || null;
  if (import.meta.env.SSR || !hasSession())
    return { id, post: null, browserOnly: true } satisfies UpdatePostData;
  return {
    id,
    post:
      id === null ? null : pageDataOf(args).post(id, request.signal).then(logFailure('Error fetching post')),
  } satisfies UpdatePostData;
}
