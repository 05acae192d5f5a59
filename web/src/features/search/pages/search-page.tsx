import { useLoaderData, useRevalidator } from 'react-router';
import { dataPath, DATA_PATHS } from '../../../lib/data-routes';
import { PageHead } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Loaded } from '../../../lib/loaded';
import { PostFeedSkeleton } from '../../posts';
import '../../../styles/posts.css';
import { SearchResults } from '../components/search-results';
import type { SearchPageData } from '../loaders/search-loader';
import '../search.css';

/**
 * /search?q=: ranked results with their passages, rendered on the server. Results
 * change with every new post, so the page stays out of search engines (noindex) like most sites'.
 */
export function SearchPage() {
  const data = useLoaderData() as SearchPageData;
  const revalidator = useRevalidator();
  const q = data.q.trim();
  const heading = q === '' ? 'Search' : `Results for “${q}”`;

  return (
    <div className="page page--narrow search-page">
      <PageHead
        title={q === '' ? 'Search' : `${q}: search`}
        description="Search the posts on Inkwell by their words, topics and writers."
        canonicalPath="/search"
        noindex
      />
      <h1 className="search-page__heading">{heading}</h1>
      <form
        className="search-page__form"
        method="get"
        action="/search"
        role="search"
        aria-label="Search again"
      >
        <label className="visually-hidden" htmlFor="search-page-q">
          Search posts
        </label>
        <input
          id="search-page-q"
          className="search-page__input"
          type="search"
          name="q"
          defaultValue={data.q}
          key={data.q}
          placeholder="Words, “a phrase”, -without"
          enterKeyHint="search"
        />
        <button className="button button--primary" type="submit">
          Search
        </button>
      </form>
      {data.results === null ? (
        <p className="search-page__hint">
          Search titles, post text, topics and writers. Put a phrase in quotes, write <code>-word</code> to
          leave a word out, and <code>or</code> between words to find either.
        </p>
      ) : (
        <Loaded value={data.results} fallback={<PostFeedSkeleton />}>
          {(results) => {
            if (!results.ok)
              return results.error.status === 400 ? (
                <p className="field__error" role="alert">
                  {results.error.message}
                </p>
              ) : (
                <ErrorRetry message={results.error.message} onRetry={() => void revalidator.revalidate()} />
              );
            if (results.data.response.length === 0) return <NoResults q={q} />;
            return (
              <SearchResults
                first={results.data}
                moreUrl={dataPath(DATA_PATHS.search, { q: data.q })}
                label={heading}
              />
            );
          }}
        </Loaded>
      )}
    </div>
  );
}

function NoResults({ q }: { q: string }) {
  return (
    <div className="empty-state" role="status">
      <h2>No posts match “{q}”</h2>
      <p>Try fewer or different words, or check the spelling.</p>
      <p className="empty-state__actions">
        <AppLink className="button button--secondary" to="/allblog">
          Browse all posts
        </AppLink>
      </p>
    </div>
  );
}
