import { seriesPath, type PostSeries } from '../../../../../contracts/series';
import { AppLink } from '../../../components/ui/app-link';
import { canonicalPostPath } from '../../../lib/paths';

/*
 * The read page's series box, in the read page's first load: plain links and a <details> list,
 * rendered from the post read's own `series` field, so it costs no request and almost no script.
 */

/** "Part 2 of 3 in <series>", with every part behind a <details>. */
export function SeriesBox({ series }: { series: PostSeries }) {
  return (
    <nav className="series-box" aria-label="Series">
      <p className="series-box__title">
        Part {series.part} of {series.total} in <AppLink to={seriesPath(series.id)}>{series.title}</AppLink>
      </p>
      <details>
        <summary>All parts</summary>
        <ol>
          {series.parts.map((part) => (
            <li key={part.id}>
              {part.id === series.parts[series.part - 1]?.id ? (
                <span aria-current="page">{part.title}</span>
              ) : (
                <AppLink to={canonicalPostPath(part.id)}>{part.title}</AppLink>
              )}
            </li>
          ))}
        </ol>
      </details>
    </nav>
  );
}

/** Previous and next parts, under the post. */
export function SeriesSteps({ series }: { series: PostSeries }) {
  if (!series.previous && !series.next) return null;
  return (
    <nav className="series-steps" aria-label="Previous and next parts">
      {series.previous && (
        <AppLink className="series-steps__previous" rel="prev" to={canonicalPostPath(series.previous.id)}>
          ← Previous: {series.previous.title}
        </AppLink>
      )}
      {series.next && (
        <AppLink className="series-steps__next" rel="next" to={canonicalPostPath(series.next.id)}>
          Next: {series.next.title} →
        </AppLink>
      )}
    </nav>
  );
}
