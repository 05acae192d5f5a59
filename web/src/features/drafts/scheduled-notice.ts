import type { StudioPost } from './api/studio-post';

/** What the writer is told after scheduling: the title and the time, in their own time zone. */
export function scheduledNotice(post: Pick<StudioPost, 'title' | 'publishedAt'>): string {
  if (!post.publishedAt) return `“${post.title}” is scheduled.`;
  const when = new Date(post.publishedAt).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `“${post.title}” is scheduled for ${when}.`;
}
