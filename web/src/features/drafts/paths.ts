/** The writer's drafts and scheduled posts. */
export const DRAFTS_PATH = '/drafts';

export function editPostPath(id: string): string {
  return `/updateblog?${new URLSearchParams({ id })}`;
}
