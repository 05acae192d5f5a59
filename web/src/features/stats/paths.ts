/** The Stats page: the writer's own figures, or a publication's (by its address). */
export function statsPath(publication?: string): string {
  return publication ? `/stats?${new URLSearchParams({ publication })}` : '/stats';
}
