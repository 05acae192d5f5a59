/** The Stats page: the writer's own figures, or a publication's (by its address). */
export function statsPath(publication?: string): string {
  return publication ? `/stats?${new URLSearchParams({ publication })}` : '/stats';
}

/** One post's figures on the Stats page: its sources and what became of its email. */
export function postStatsPath(postId: string): string {
  return `/stats?${new URLSearchParams({ post: postId })}`;
}
