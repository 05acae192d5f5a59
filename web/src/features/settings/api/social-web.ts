import type { MessageResponse } from '../../../../../contracts/auth';
import type { Page } from '../../../../../contracts/posts';
import type {
  SocialFollowers,
  SocialFollowing,
  SocialTimelineItem,
  SocialTimelineReply,
} from '../../../../../contracts/social-web';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** GET /api/user/social-followers (bearer) → {response: SocialFollowers}: requests first, then followers. */
export async function getSocialFollowers(signal?: AbortSignal): Promise<ApiResult<SocialFollowers>> {
  const result = await apiRequest<{ response: SocialFollowers }>('/api/user/social-followers', {
    auth: true,
    signal,
  });
  return result.ok ? { ok: true, data: result.data.response } : result;
}

/** PUT /api/user/social-followers/settings (bearer) {approveFollowers} → {response: {approveFollowers}} */
export function setApproveFollowers(approveFollowers: boolean) {
  return apiRequest<{ response: { approveFollowers: boolean } }>('/api/user/social-followers/settings', {
    method: 'PUT',
    body: { approveFollowers },
    auth: true,
  });
}

/**
 * POST /api/user/social-followers/accept|reject?actor= (bearer) → {message}: a signed Accept or
 * Reject goes to the follower's server; reject also removes a follower. 404 when there is none.
 */
export function answerFollower(actor: string, answer: 'accept' | 'reject') {
  return apiRequest<MessageResponse>(`/api/user/social-followers/${answer}`, {
    method: 'POST',
    query: { actor },
    auth: true,
  });
}

/** POST /api/user/block?userId= (bearer): the account standing for a remote follower; its follow ends. */
export function blockAccount(userId: string) {
  return apiRequest<{ response: { blocked: boolean } }>('/api/user/block', {
    method: 'POST',
    query: { userId },
    auth: true,
  });
}

/** GET /api/user/social-following (bearer) → {response: SocialFollowing[]}: newest first. */
export async function getSocialFollowing(signal?: AbortSignal): Promise<ApiResult<SocialFollowing[]>> {
  const result = await apiRequest<{ response: SocialFollowing[] }>('/api/user/social-following', {
    auth: true,
    signal,
  });
  return result.ok ? { ok: true, data: result.data.response } : result;
}

/** POST /api/user/social-following (bearer) {account} → 201 {response: SocialFollowing}, pending. */
export function followRemote(account: string) {
  return apiRequest<{ response: SocialFollowing }>('/api/user/social-following', {
    method: 'POST',
    body: { account },
    auth: true,
  });
}

/** DELETE /api/user/social-following?actor= (bearer) → {message}: a signed Undo(Follow) goes. */
export function unfollowRemote(actor: string) {
  return apiRequest<MessageResponse>('/api/user/social-following', {
    method: 'DELETE',
    query: { actor },
    auth: true,
  });
}

/** GET /api/user/social-timeline?cursor= (bearer) → a page of the followed accounts' posts. */
export function getSocialTimeline(cursor: string | null, signal?: AbortSignal) {
  return apiRequest<Page<SocialTimelineItem>>('/api/user/social-timeline', {
    query: cursor === null ? {} : { cursor },
    auth: true,
    signal,
  });
}

/** What the reader did with a post of their timeline, as a like or boost answers it. */
export interface TimelineReactions {
  liked: boolean;
  boosted: boolean;
}

/**
 * POST (on) or DELETE (off) /api/user/social-timeline/like|boost?id= (bearer) → {response:
 * {liked, boosted}}: a signed Like or Announce, or its Undo, goes to the post's server. 409 when
 * done already, 404 when not done (or the post is gone).
 */
export function reactToTimelinePost(which: 'like' | 'boost', id: string, on: boolean) {
  return apiRequest<{ response: TimelineReactions }>(`/api/user/social-timeline/${which}`, {
    method: on ? 'POST' : 'DELETE',
    query: { id },
    auth: true,
  });
}

/** POST /api/user/social-timeline/reply?id= (bearer) {body} → 201 {response: SocialTimelineReply}. */
export function replyToTimelinePost(id: string, body: string) {
  return apiRequest<{ response: SocialTimelineReply }>('/api/user/social-timeline/reply', {
    method: 'POST',
    query: { id },
    body: { body },
    auth: true,
  });
}

/** DELETE /api/user/social-timeline/reply?id= (bearer) → {message}: a signed Delete of its Note goes. */
export function deleteTimelineReply(id: string) {
  return apiRequest<MessageResponse>('/api/user/social-timeline/reply', {
    method: 'DELETE',
    query: { id },
    auth: true,
  });
}
