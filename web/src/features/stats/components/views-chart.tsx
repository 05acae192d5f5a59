import type { StatsPoint } from '../../../../../contracts/stats';

const WIDTH = 600;
const HEIGHT = 160;

/**
 * "Nov 28" for a day, "14:00" for an hour, in the zone the figures were counted in: a point's
 * start is that zone's midnight (or hour) as a UTC instant.
 */
export function pointLabel(point: StatsPoint, hourly: boolean, timeZone: string): string {
  const format = new Intl.DateTimeFormat(
    'en-US',
    hourly
      ? { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : { timeZone, month: 'short', day: 'numeric' },
  );
  return format.format(new Date(point.start));
}

/**
 * Views as bars and reads as darker bars inside them, in plain SVG (as the Subscribers page's
 * chart: a charting library would not fit this page's chunk for so little). The picture is hidden
 * from screen readers; the table beside it, hidden from sight, says the same point by point.
 */
export function ViewsChart({
  series,
  caption,
  timeZone,
}: {
  series: StatsPoint[];
  caption: string;
  timeZone: string;
}) {
  // Only hours have no visitors (a day has 23 or 25 of them when clocks change).
  const hourly = series.length > 0 && series.every((point) => point.visitors === null);
  const most = Math.max(1, ...series.map((point) => point.views));
  const slot = WIDTH / Math.max(1, series.length);
  const bar = Math.max(1.5, slot * 0.7);
  const height = (value: number) => (value / most) * (HEIGHT - 8);
  return (
    <figure className="views-chart">
      <svg
        className="views-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line className="views-chart__axis" x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
        {series.map((point, index) => {
          const x = index * slot + (slot - bar) / 2;
          return (
            <g key={point.start}>
              {point.views > 0 ? (
                <rect
                  className="views-chart__views"
                  x={x}
                  y={HEIGHT - height(point.views)}
                  width={bar}
                  height={height(point.views)}
                />
              ) : null}
              {point.reads > 0 ? (
                <rect
                  className="views-chart__reads"
                  x={x}
                  y={HEIGHT - height(point.reads)}
                  width={bar}
                  height={height(point.reads)}
                />
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="views-chart__caption">
        {caption}
        <span className="views-chart__key">
          <span className="views-chart__swatch views-chart__swatch--views" aria-hidden="true" /> views
          <span className="views-chart__swatch views-chart__swatch--reads" aria-hidden="true" /> reads
        </span>
      </figcaption>
      {/* Hidden by a wrapper: a table's width ignores the hiding class's 1px. */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{hourly ? `Hour (${timeZone})` : `Day (${timeZone})`}</th>
              <th scope="col">Views</th>
              {hourly ? null : <th scope="col">Visitors</th>}
              <th scope="col">Reads</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.start}>
                <th scope="row">{pointLabel(point, hourly, timeZone)}</th>
                <td>{point.views}</td>
                {hourly ? null : <td>{point.visitors ?? 0}</td>}
                <td>{point.reads}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
