import type { Page } from '../../../../../contracts/posts';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { LocalDate } from '../../../components/ui/local-date';
import { PagedList } from '../../../components/ui/paged-list';
import { profilePath, readPostPath } from '../../../lib/paths';
import { TagLinks } from '../../../components/ui/tag-links';
import type { SearchResultView } from '../search-result-view';
import { Highlighted } from './highlighted';
import { CoAuthorLinks } from '../../../components/ui/co-author-links';

export interface SearchResultsProps {
  first: Page<SearchResultView>;
  moreUrl: string;
  label: string;
}

/** Ranked results, best first, each with its matching passage; more as the reader goes on. */
export function SearchResults({ first, moreUrl, label }: SearchResultsProps) {
  return (
    <div className="post-feed">
      <PagedList
        first={first}
        moreUrl={moreUrl}
        label={label}
        listClassName="post-feed__list"
        itemClassName="post-feed__item"
        focusable="[data-card-link]"
        moreLabel="More results"
        infinite
        renderItem={(result) => <SearchResultCard result={result} />}
      />
    </div>
  );
}

function SearchResultCard({ result }: { result: SearchResultView }) {
  return (
    <article className="post-card search-result">
      <p className="post-card__author">
        <Avatar name={result.author.username} picture={result.author.picture} size="sm" />
        <AppLink className="post-card__author-name" to={profilePath(result.author)}>
          {result.author.username}
        </AppLink>
        <CoAuthorLinks coAuthors={result.coAuthors} className="post-card__author-name" />
      </p>
      <h2 className="post-card__title">
        <AppLink className="post-card__link" to={readPostPath(result)} data-card-link="">
          <Highlighted html={result.titleSnippet} />
        </AppLink>
      </h2>
      <p className="post-card__preview search-result__snippet">
        <Highlighted html={result.snippet} />
      </p>
      <TagLinks
        tags={result.tags}
        labels={result.tagLabels}
        className="post-card__tags"
        label={`Topics of ${result.title}`}
      />
      <p className="post-card__meta">
        <LocalDate iso={result.createdAt} />
      </p>
    </article>
  );
}
