/** The series management page: the writer's series, or with `publication` (a slug) a team publication's. */
export function manageSeriesPath(publication?: string): string {
  return publication ? `/series/manage?${new URLSearchParams({ publication })}` : '/series/manage';
}
