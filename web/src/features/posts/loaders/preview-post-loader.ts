import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { PREVIEW_NOT_FOUND_MESSAGE } from '../../../../../contracts/post-previews';
import { failureText } from '../../../../../contracts/page-data';
import type { ApiResult } from '../../../lib/api-client';
import { mapResult, notFound, pageStatus } from '../../../lib/loader-helpers';
import { pageDataOf } from '../../../lib/page-data';
import { toPostView, type PostView } from '../../../lib/post-summary';

export interface PreviewPostData {
  post: ApiResult<PostView>;
}

/**
 * /preview?token=: an unpublished post through its preview link (docs/decisions/0075-preview-links.md).
 * A dead link is a 404; a post published since moves to its own page.
 */
export async function previewPostLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token === '') {
    return data({ post: notFound(failureText(PREVIEW_NOT_FOUND_MESSAGE)) } satisfies PreviewPostData, {
      status: 404,
    });
  }
  const post = mapResult(await pageDataOf(args).preview(token, request.signal), toPostView);
  if (post.ok && post.data.status === 'published') throw redirect(`/readblog?id=${post.data.id}`);
  return data({ post } satisfies PreviewPostData, { status: pageStatus(post) });
}
