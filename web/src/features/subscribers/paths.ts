/** The Subscribers page: the writer's own list, or a publication's (by its address). */
export function subscribersPath(list?: string): string {
  return list ? `/subscribers?${new URLSearchParams({ list })}` : '/subscribers';
}
