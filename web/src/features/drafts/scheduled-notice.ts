import type { StudioPost } from './api/studio-post';

/** When a scheduled post comes out, in the writer's own time zone: "Nov 27, 2026, 3:00 PM". */
export function scheduledTime(publishedAt: string): string {
  return new Date(publishedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** What the writer is told after scheduling: the title and the time, as a sentence. */
export function scheduledNotice(post: Pick<StudioPost, 'title' | 'publishedAt'>): string {
  if (!post.publishedAt) return `“${post.title}” is scheduled.`;
  return `“${post.title}” is scheduled for ${scheduledTime(post.publishedAt)}.`;
}

/** A post's state in the drafts list, one part of a line ("… · 1 min read"), so no full stop. */
export function draftState(post: Pick<StudioPost, 'status' | 'publishedAt'>): string {
  if (post.status !== 'scheduled') return 'Draft';
  return post.publishedAt ? `Scheduled for ${scheduledTime(post.publishedAt)}` : 'Scheduled';
}
