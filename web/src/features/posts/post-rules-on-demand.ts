/**
 * The post's checks with Zod under them, loaded on demand so that they stay out of the first load of
 * the pages that offer them (decision 43). In a file of its own: the feature's entry (index.ts) only
 * re-exports, and a line of code there put the entry into the writing page's chunk, which then
 * loaded everything the entry names, the post cards and paging among them, for nothing.
 */
export const importPostRules = () => import('./lib/post-rules');
