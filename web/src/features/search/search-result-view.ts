import type { Page } from '../../../../contracts/posts';
import type { SearchResult } from '../../../../contracts/search';

/**
 * What the search page shows of a result: its passages, not its whole Markdown, so the page and
 * the data the browser hydrates it with stay small whatever the posts' length.
 */
export type SearchResultView = Pick<
  SearchResult,
  'id' | 'title' | 'author' | 'createdAt' | 'tags' | 'tagLabels' | 'commentCount' | 'snippet' | 'titleSnippet'
>;

export function toSearchResultPage(page: Page<SearchResult>): Page<SearchResultView> {
  return {
    response: page.response.map((result) => ({
      id: result.id,
      title: result.title,
      author: result.author,
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
