import { useLoaderData, useRevalidator } from 'react-router';
import type { Series } from '../../../../../contracts/series';
import { AppLink } from '../../../components/ui/app-link';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { LocalDate } from '../../../components/ui/local-date';
import { PageHead, useSite } from '../../../lib/head/page-head';
import { Loaded } from '../../../lib/loaded';
import { canonicalPostPath, profilePath } from '../../../lib/paths';
import '../../../styles/posts.css';
import { SERIES_NOT_FOUND_TEXT, type SeriesPageData } from '../loaders/series-loader';
import { seriesMeta } from '../series-meta';

/** /series?id=: a series' title, description and parts in order, server-rendered with its feeds. */
export function SeriesPage() {
  const data = useLoaderData() as SeriesPageData;
  const revalidator = useRevalidator();
  return (
    <div className="page page--narrow series-page">
      <Loaded value={data.series} fallback={<PageHead title="Series" />}>
        {(series) => {
          if (series.ok) return <SeriesView series={series.data} />;
          return (
            <>
              <PageHead title="Series" noindex />
              <h1>Series</h1>
              {series.error.status === 404 ? (
                <p className="empty-state">{SERIES_NOT_FOUND_TEXT}</p>
              ) : (
                <ErrorRetry message={series.error.message} onRetry={() => void revalidator.revalidate()} />
              )}
            </>
          );
        }}
      </Loaded>
    </div>
  );
}

function SeriesView({ series }: { series: Series }) {
  const site = useSite();
  const publication = series.owner.publication;
  return (
    <section aria-labelledby="series-title">
      <PageHead {...seriesMeta(series, site)} />
      <p className="series-page__kicker">
        A series by{' '}
        {publication ? (
          <a href={`/pub/${encodeURIComponent(publication.slug)}`}>{publication.name}</a>
        ) : (
          <AppLink to={profilePath({ id: series.owner.id, handle: null })}>{series.owner.username}</AppLink>
        )}
      </p>
      <h1 id="series-title">{series.title}</h1>
      {series.description && <p className="series-page__description">{series.description}</p>}
      {series.parts.length === 0 ? (
        <p className="empty-state">No parts published yet.</p>
      ) : (
        <ol className="series-page__parts">
          {series.parts.map((part, index) => (
            <li key={part.id} className="series-page__part">
              <span className="series-page__number">Part {index + 1}</span>
              <h2 className="series-page__part-title">
                <AppLink to={canonicalPostPath(part.id)}>{part.title}</AppLink>
              </h2>
              {part.description && <p>{part.description}</p>}
              {part.publishedAt && <LocalDate iso={part.publishedAt} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
