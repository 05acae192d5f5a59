import { data, type LoaderFunctionArgs } from 'react-router';
import type { PageData } from '../../../../../contracts/page-data';
import type { Page } from '../../../../../contracts/posts';
import type { ApiResult } from '../../../lib/api-client';
import { logFailure, mapResult, notFound, pageStatus } from '../../../lib/loader-helpers';
import type { Deferred } from '../../../lib/loaded';
import { pageDataOf } from '../../../lib/page-data';
import { POST_NOT_FOUND_TEXT } from '../components/post-not-found';
import { toCommentPage, toPostView, type CommentView, type PostView } from '../../../lib/post-summary';

export interface ReadPostData {
  post: Deferred<ApiResult<PostView>>;
  comments: Deferred<ApiResult<Page<CommentView>>>;
}

export function loadCommentPage(
  pageData: PageData,
  postId: string,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return pageData
    .comments(postId, cursor, signal)
    .then(logFailure('Error fetching comments'))
    .then((result) => mapResult(result, toCommentPage));
}

/**
 * /readblog?id=&name= (specification §2): the post and the start of its discussion, fetched together. A
 * link without an id and an unknown id are both 'Error: Post not found' with a 404.
 */
export async function readPostLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  const pageData = pageDataOf(args);
  const id = new URL(request.url).searchParams.get('id') || null;
  if (id === null) {
    const missing = notFound(POST_NOT_FOUND_TEXT);
    return data({ post: missing, comments: missing } satisfies ReadPostData, { status: 404 });
  }
  // Specification §8 logs the edit-post fetch failure; the read page shares the label.
  const post = pageData
    .post(id, request.signal)
    .then(logFailure('Error fetching post'))
    .then((result) => mapResult(result, toPostView));
  const comments = loadCommentPage(pageData, id, null, request.signal);
  if (!import.meta.env.SSR) return { post, comments } satisfies ReadPostData;
  const [loadedPost, loadedComments] = await Promise.all([post, comments]);
  return data({ post: loadedPost, comments: loadedComments } satisfies ReadPostData, {
    status: pageStatus(loadedPost),
  });
}
