import type { Author, Page } from '../../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

export type PeopleSide = 'followers' | 'following';

/** GET /api/user/followers|following?userId=&cursor= → a page of {id, username}. */
export function getPeople(side: PeopleSide, userId: string, cursor: string | null, signal?: AbortSignal) {
  return apiRequest<Page<Author>>(`/api/user/${side}`, { query: { userId, cursor }, signal });
}
