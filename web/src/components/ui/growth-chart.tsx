import type { GrowthDay } from '../../../../contracts/newsletter-subscribers';
import { BarChart, CHART_HEIGHT } from './bar-chart';

export interface GrowthBucket {
  label: string;
  subscribed: number;
  unsubscribed: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/**
 * The days grouped so a bar stays wide enough to see: each day up to 30 days, each week (from its
 * first day) up to 90, each month beyond (the Subscribers page's and the Stats page's periods).
 */
export function bucketsOf(growth: GrowthDay[], days: number): GrowthBucket[] {
  if (days <= 30) return growth.map((day) => ({ label: dayLabel(day.day), ...counts(day) }));
  const weekly = days <= 90;
  const buckets: GrowthBucket[] = [];
  const keyOf = (day: string, index: number) => (weekly ? String(Math.floor(index / 7)) : day.slice(0, 7));
  let key: string | null = null;
  growth.forEach((day, index) => {
    const next = keyOf(day.day, index);
    if (next !== key) {
      key = next;
      const label = weekly
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

const AXIS = CHART_HEIGHT * 0.7;

/** New subscribers as bars above the line and departures below it, with the table that says them. */
export function GrowthChart({ buckets, caption }: { buckets: GrowthBucket[]; caption: string }) {
  const most = Math.max(1, ...buckets.map((bucket) => Math.max(bucket.subscribed, bucket.unsubscribed)));
  const up = (value: number) => (value / most) * (AXIS - 8);
  const down = (value: number) => (value / most) * (CHART_HEIGHT - AXIS - 4);
  return (
    <BarChart
      rows={buckets}
      rowKey={(bucket) => bucket.label}
      caption={caption}
      axis={AXIS}
      minBarWidth={2}
      bars={(bucket) => [
        { tone: 'accent', y: AXIS - up(bucket.subscribed), height: up(bucket.subscribed) },
        { tone: 'danger', y: AXIS, height: down(bucket.unsubscribed) },
      ]}
      legend={[
        { tone: 'accent', label: 'new' },
        { tone: 'danger', label: 'unsubscribed' },
      ]}
      columns={[
        { header: 'Period', cell: (bucket) => bucket.label },
        { header: 'New subscribers', cell: (bucket) => bucket.subscribed },
        { header: 'Unsubscribed', cell: (bucket) => bucket.unsubscribed },
      ]}
    />
  );
}
