export const PUBLICATIONS_PATH = '/publications';

/** The page where a member manages one publication. */
export function managePublicationPath(slug: string): string {
  return `/publication?${new URLSearchParams({ slug })}`;
}

/** A site's address as people read it: without the scheme. */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

/** Where an owner or editor writes one of the publication's pages; without `id`, a new one. */
export function publicationPageEditorPath(slug: string, id?: string): string {
  return `/publication/page?${new URLSearchParams(id ? { slug, id } : { slug })}`;
}
