import type { Post, PostStatus } from '../../../../../contracts/posts';

export type { PostStatus };

/** A post as the studio API answers it (contracts/posts.ts): status, publishedAt, version… */
export type StudioPost = Post;

export interface StudioPostResponse {
  response: StudioPost;
}

export function statusOf(post: Post): PostStatus {
  return post.status;
}

export function versionOf(post: Post): number | null {
  return Number.isInteger(post.version) ? post.version : null;
}
