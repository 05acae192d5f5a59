import { useId } from 'react';
import type { GrowthDay, GrowthPeriod } from '../../../../../contracts/newsletter-subscribers';

export interface GrowthBucket {
  label: string;
  subscribed: number;
  unsubscribed: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/**
 * The days grouped so a bar stays wide enough to see: each day over 30 days, each week (from its
 * first day) over 90, each month over 365.
 */
export function bucketsOf(growth: GrowthDay[], days: GrowthPeriod): GrowthBucket[] {
  if (days === 30) return growth.map((day) => ({ label: dayLabel(day.day), ...counts(day) }));
  const buckets: GrowthBucket[] = [];
  const keyOf = (day: string, index: number) =>
    days === 90 ? String(Math.floor(index / 7)) : day.slice(0, 7);
  let key: string | null = null;
  growth.forEach((day, index) => {
    const next = keyOf(day.day, index);
    if (next !== key) {
      key = next;
      const label =
        days === 90
          ? `Week of ${dayLabel(day.day)}`
          : `${MONTHS[Number(day.day.slice(5, 7)) - 1]} ${day.day.slice(0, 4)}`;
      buckets.push({ label, subscribed: 0, unsubscribed: 0 });
    }
    const bucket = buckets[buckets.length - 1]!;
    bucket.subscribed += day.subscribed;
    bucket.unsubscribed += day.unsubscribed;
  });
  return buckets;
}

const counts = (day: GrowthDay) => ({ subscribed: day.subscribed, unsubscribed: day.unsubscribed });

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = HEIGHT * 0.7;

/**
 * New subscribers as bars above the line and departures below it, in plain SVG (no charting
 * library: decision 62). The picture is hidden from screen readers; the table beside it, hidden
 * from sight, says the same, bucket by bucket.
 */
export function GrowthChart({ buckets, caption }: { buckets: GrowthBucket[]; caption: string }) {
  const tableId = useId();
  const most = Math.max(1, ...buckets.map((bucket) => Math.max(bucket.subscribed, bucket.unsubscribed)));
  const slot = WIDTH / Math.max(1, buckets.length);
  const bar = Math.max(2, slot * 0.7);
  const up = (value: number) => (value / most) * (AXIS - 8);
  const down = (value: number) => (value / most) * (HEIGHT - AXIS - 4);
  return (
    <figure className="growth-chart">
      <svg
        className="growth-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line className="growth-chart__axis" x1="0" x2={WIDTH} y1={AXIS} y2={AXIS} />
        {buckets.map((bucket, index) => {
          const x = index * slot + (slot - bar) / 2;
          return (
            <g key={bucket.label}>
              {bucket.subscribed > 0 ? (
                <rect
                  className="growth-chart__new"
                  x={x}
                  y={AXIS - up(bucket.subscribed)}
                  width={bar}
                  height={up(bucket.subscribed)}
                />
              ) : null}
              {bucket.unsubscribed > 0 ? (
                <rect
                  className="growth-chart__left"
                  x={x}
                  y={AXIS}
                  width={bar}
                  height={down(bucket.unsubscribed)}
                />
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="growth-chart__caption">
        {caption}
        <span className="growth-chart__key">
          <span className="growth-chart__swatch growth-chart__swatch--new" aria-hidden="true" /> new
          <span className="growth-chart__swatch growth-chart__swatch--left" aria-hidden="true" /> unsubscribed
        </span>
      </figcaption>
      {/* Hidden by a wrapper: a table's width ignores the hiding class's 1px. */}
      <div className="visually-hidden">
        <table id={tableId}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">New subscribers</th>
              <th scope="col">Unsubscribed</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.label}>
                <th scope="row">{bucket.label}</th>
                <td>{bucket.subscribed}</td>
                <td>{bucket.unsubscribed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
