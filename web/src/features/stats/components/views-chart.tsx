import type { StatsPoint } from '../../../../../contracts/stats';
import { BarChart, CHART_HEIGHT, type BarChartColumn } from '../../../components/ui/bar-chart';

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

/** Views as bars and reads as darker bars inside them, with the table that says them point by point. */
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
  const height = (value: number) => (value / most) * (CHART_HEIGHT - 8);
  const columns: BarChartColumn<StatsPoint>[] = [
    {
      header: hourly ? `Hour (${timeZone})` : `Day (${timeZone})`,
      cell: (point) => pointLabel(point, hourly, timeZone),
    },
    { header: 'Views', cell: (point) => point.views },
    ...(hourly ? [] : [{ header: 'Visitors', cell: (point: StatsPoint) => point.visitors ?? 0 }]),
    { header: 'Reads', cell: (point) => point.reads },
  ];
  return (
    <BarChart
      rows={series}
      rowKey={(point) => point.start}
      caption={caption}
      axis={CHART_HEIGHT}
      minBarWidth={1.5}
      bars={(point) => [
        { tone: 'soft', y: CHART_HEIGHT - height(point.views), height: height(point.views) },
        { tone: 'accent', y: CHART_HEIGHT - height(point.reads), height: height(point.reads) },
      ]}
      legend={[
        { tone: 'soft', label: 'views' },
        { tone: 'accent', label: 'reads' },
      ]}
      columns={columns}
    />
  );
}
