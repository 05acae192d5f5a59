import type { SearchSuggestions } from '../../../../contracts/search';
import { profilePath, readPostPath } from '../../lib/paths';
import { tagPath } from '../../lib/tag-paths';

/** One row of the header's suggestion list: where choosing it leads, and how it reads. */
export interface SuggestionOption {
  id: string;
  kind: 'post' | 'topic' | 'writer' | 'search';
  label: string;
  /** A short word for what the row is, read after its label ("Topic", "Writer"). */
  detail: string;
  to: string;
}

export function searchPath(q: string): string {
  return `/search?${new URLSearchParams({ q })}`;
}

/** The suggestions as rows, then "Search for …" last, so Enter on nothing chosen still searches. */
export function suggestionOptions(q: string, suggestions: SearchSuggestions | null): SuggestionOption[] {
  const rows: SuggestionOption[] = [];
  for (const post of suggestions?.posts ?? [])
    rows.push({
      id: `post-${post.id}`,
      kind: 'post',
      label: post.title,
      detail: post.author.username,
      to: readPostPath(post),
    });
  for (const tag of suggestions?.tags ?? [])
    rows.push({
      id: `topic-${tag.name}`,
      kind: 'topic',
      label: tag.label,
      detail: 'Topic',
      to: tagPath(tag.name),
    });
  for (const author of suggestions?.authors ?? [])
    rows.push({
      id: `writer-${author.id}`,
      kind: 'writer',
      label: author.username,
      detail: 'Writer',
      to: profilePath(author),
    });
  rows.push({
    id: 'search',
    kind: 'search',
    label: `Search for “${q.trim()}”`,
    detail: '',
    to: searchPath(q),
  });
  return rows;
}
