import { seriesPath, type SeriesSummary } from '../../../../../contracts/series';
import { AppLink } from '../../../components/ui/app-link';

/**
 * The writer's series on their profile (decision 0078): each a link to its page with how many
 * parts readers can see. Only series with such a part come (the API leaves out the others), so
 * nothing shows for a writer without one.
 */
export function ProfileSeries({ series }: { series: SeriesSummary[] }) {
  if (series.length === 0) return null;
  return (
    <section className="profile-series" aria-labelledby="profile-series-heading">
      <h2 id="profile-series-heading" className="section-heading">
        Series
      </h2>
      <ul className="profile-series__list">
        {series.map((item) => (
          <li key={item.id} className="profile-series__item">
            <AppLink className="profile-series__title" to={seriesPath(item.id)}>
              {item.title}
            </AppLink>
            <span className="profile-series__count">
              {' · '}
              {item.partCount} {item.partCount === 1 ? 'part' : 'parts'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
