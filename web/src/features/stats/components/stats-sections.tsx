import type { ReactNode } from 'react';
import type { PostStats, PublicationStats, WriterStats } from '../../../../../contracts/stats';
import { FigureTiles } from '../../../components/ui/figure-tiles';
import { SettingsSection } from '../../../components/ui/settings-section';
import { ViewsChart } from './views-chart';

export type AnyStats = WriterStats | PublicationStats | PostStats;

export const number = (value: number) => value.toLocaleString('en-US');
export const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
const ratioOf = (reads: number, views: number) => (views === 0 ? 0 : reads / views);

/** The headline figures; the live count only where there is one (a writer's or publication's). */
export function Figures({ stats }: { stats: AnyStats }) {
  const items: [string, string][] = [
    ['Views', number(stats.views)],
    ['Visitors', number(stats.visitors)],
    ['Reads', number(stats.reads)],
    ['Read ratio', percent(stats.readRatio)],
  ];
  if ('live' in stats) {
    items.push(['Last 30 minutes', `${number(stats.live)} ${stats.live === 1 ? 'visitor' : 'visitors'}`]);
  }
  return <FigureTiles className="stats-figures" tiles={items.map(([name, value]) => ({ name, value }))} />;
}

/** Views and reads over the period, drawn, with their table. */
export function OverTime({ stats }: { stats: AnyStats }) {
  return (
    <SettingsSection title="Over time" lead={chartLead(stats)}>
      <ViewsChart series={stats.series} caption={chartCaption(stats)} timeZone={stats.timeZone} />
    </SettingsSection>
  );
}

/** Where readers came from, and how many of each source's views became reads. */
export function Sources({ stats }: { stats: AnyStats }) {
  return (
    <SettingsSection
      title="Sources"
      lead="Where readers came from, and how many of their views became reads: the referring site, a link's ref or utm_source (newsletter links say newsletter), or Direct."
    >
      <ReadsTable
        label="Source"
        empty="Nothing yet."
        rows={stats.sources.map((row) => ({
          key: row.source,
          name: row.source,
          views: row.views,
          reads: row.reads,
          readRatio: ratioOf(row.reads, row.views),
        }))}
      />
    </SettingsSection>
  );
}

/** One row of a views-and-reads table: what was read (text, or a link), and its figures. */
export interface ReadsRow {
  key: string;
  name: ReactNode;
  views: number;
  reads: number;
  readRatio: number;
}

/** Views, reads and how many of the views became reads, per row (sources, top posts); `empty` when none. */
export function ReadsTable({ label, empty, rows }: { label: string; empty: string; rows: ReadsRow[] }) {
  if (rows.length === 0) return <p className="stats-empty">{empty}</p>;
  return (
    <div className="stats-table-wrap">
      <table className="stats-table">
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col">Views</th>
            <th scope="col">Reads</th>
            <th scope="col">Read ratio</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td>{number(row.views)}</td>
              <td>{number(row.reads)}</td>
              <td>{percent(row.readRatio)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DevicesAndBrowsers({ stats }: { stats: AnyStats }) {
  return (
    <SettingsSection title="Devices and browsers" lead="From the browser's own description of itself.">
      <div className="stats-shares">
        <ShareTable label="Device" rows={stats.devices} />
        <ShareTable label="Browser" rows={stats.browsers} />
      </div>
    </SettingsSection>
  );
}

function ShareTable({ label, rows }: { label: string; rows: { name: string; views: number }[] }) {
  if (rows.length === 0) return <p className="stats-empty">Nothing yet.</p>;
  return (
    <div className="stats-table-wrap">
      <table className="stats-table">
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{number(row.views)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function chartLead(stats: AnyStats): string {
  if (stats.days === 1) return `Today, hour by hour (${stats.timeZone}).`;
  // Older than the hourly figures (30 days), a day can only be the UTC day of its date.
  const older = stats.zoneFrom ? ` Days before ${stats.zoneFrom} are UTC days.` : '';
  return `The last ${stats.days} days, day by day (${stats.timeZone}).${older}`;
}

export function periodName(days: number): string {
  return days === 1 ? 'today' : days === 365 ? 'in the last year' : `in the last ${days} days`;
}

function chartCaption(stats: AnyStats): string {
  const views = `${number(stats.views)} ${stats.views === 1 ? 'view' : 'views'}`;
  const reads = `${number(stats.reads)} ${stats.reads === 1 ? 'read' : 'reads'}`;
  return `${views} and ${reads} ${periodName(stats.days)}.`;
}
