import type { Author, Page } from '../../../../contracts/posts';
import type { SearchResult } from '../../../../contracts/search';

/**
 * What the search page shows of a result: its passages, not its whole Markdown, so the page and
 * the data the browser hydrates it with stay small whatever the posts' length.
 */
export type SearchResultView = Pick<
  SearchResult,
  'id' | 'title' | 'author' | 'createdAt' | 'tags' | 'tagLabels' | 'commentCount' | 'snippet' | 'titleSnippet'
> & {
  /** The authors after the first (decision 85); absent for a post with one author. */
  coAuthors?: Author[];
};

export function toSearchResultPage(page: Page<SearchResult>): Page<SearchResultView> {
  return {
    response: page.response.map((result) => ({
      id: result.id,
      title: result.title,
      author: result.author,
      ...(result.authors.length > 1 ? { coAuthors: result.authors.slice(1) } : {}),
      createdAt: result.createdAt,
      tags: result.tags,
      tagLabels: result.tagLabels,
      commentCount: result.commentCount,
      snippet: result.snippet,
      titleSnippet: result.titleSnippet,
    })),
    nextCursor: page.nextCursor,
  };
}
