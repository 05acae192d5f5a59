import type { CommentAction, CommentSettings, HeldComment } from '../../../../../contracts/author-moderation';
import type { MessageResponse, Page } from '../../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

/** The author's own moderation (decision 0077), all bearer: the server says who may. */

/** POST /api/post/comments/moderate?id= {action}: approve, reject, hide or show a comment. */
export function moderateComment(commentId: string, action: CommentAction) {
  return apiRequest<MessageResponse>('/api/post/comments/moderate', {
    method: 'POST',
    query: { id: commentId },
    body: { action },
    auth: true,
  });
}

/** PUT /api/post/comments/closed?postId= {closed}. */
export function setCommentsClosed(postId: string, closed: boolean) {
  return apiRequest<{ response: { closed: boolean } }>('/api/post/comments/closed', {
    method: 'PUT',
    query: { postId },
    body: { closed },
    auth: true,
  });
}

/** GET /api/user/hidden-comments: the comments the reader hid under their posts, oldest first. */
export function getHiddenComments(cursor: string | null, signal?: AbortSignal) {
  return apiRequest<Page<HeldComment>>('/api/user/hidden-comments', {
    query: { cursor },
    auth: true,
    signal,
  });
}

/** GET /api/user/held-comments: the comments awaiting the reader's approval, oldest first. */
export function getHeldComments(cursor: string | null, signal?: AbortSignal) {
  return apiRequest<Page<HeldComment>>('/api/user/held-comments', { query: { cursor }, auth: true, signal });
}

export function getCommentSettings(signal?: AbortSignal) {
  return apiRequest<{ response: CommentSettings }>('/api/user/comment-settings', { auth: true, signal });
}

export function saveCommentSettings(settings: Partial<CommentSettings>) {
  return apiRequest<{ response: CommentSettings }>('/api/user/comment-settings', {
    method: 'PUT',
    body: settings,
    auth: true,
  });
}

/** POST /api/user/block?userId=: the existing block, which also keeps them off the blocker's posts. */
export function blockUser(userId: string) {
  return apiRequest<{ response: { blocked: boolean } }>('/api/user/block', {
    method: 'POST',
    query: { userId },
    auth: true,
  });
}
