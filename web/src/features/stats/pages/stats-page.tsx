import { useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { postPagePath } from '../../../../../contracts/site';
import type { PublicationStats, WriterStats } from '../../../../../contracts/stats';
import { PageHead } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';
import { LoadFailure } from '../../../components/ui/load-failure';
import { FigureTiles } from '../../../components/ui/figure-tiles';
import { DownloadButton } from '../../../components/ui/download-button';
import { PeriodChoice } from '../../../components/ui/period-choice';
import { SettingsSection } from '../../../components/ui/settings-section';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApiResource } from '../../../lib/use-api-resource';
import { downloadStats, getStats } from '../api/stats';
import { ViewsChart } from '../components/views-chart';
import '../stats.css';

const PERIODS = [
  { value: 1, name: 'Today' },
  { value: 7, name: '7 days' },
  { value: 30, name: '30 days' },
  { value: 365, name: 'Year' },
];

type Stats = WriterStats | PublicationStats;

const number = (value: number) => value.toLocaleString('en-US');
const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

/**
 * /stats, behind RequireAccount: the writer's own figures over all their pages, or with
 * `?publication=` a publication's, for its owner and editors (the server checks every request).
 * Counted without cookies; days in the browser's time zone (docs/decisions/0063-first-party-stats.md, 0067).
 */
export function StatsPage() {
  const [params] = useSearchParams();
  const publication = (params.get('publication') ?? '').trim();
  const [days, setDays] = useState<number>(30);
  const read = useCallback((signal: AbortSignal) => getStats(publication, days, signal), [publication, days]);
  const { resource, reload } = useApiResource(read, true);
  const periods = <PeriodChoice periods={PERIODS} value={days} onChange={setDays} />;

  if (resource.status === 'failed') {
    return (
      <Shell title="Stats">
        <LoadFailure
          message={resource.message}
          httpStatus={resource.httpStatus}
          onRetry={() => void reload()}
        />
      </Shell>
    );
  }
  if (resource.status === 'loading') {
    return (
      <Shell title="Stats">
        {periods}
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading stats…
          </p>
          <Skeleton className="stats-figures__skeleton" />
          <Skeleton className="bar-chart__skeleton" />
        </div>
      </Shell>
    );
  }
  const stats = resource.value;
  const title = 'publication' in stats ? `Stats of ${stats.publication.name}` : 'Your stats';
  return (
    <Shell title={title}>
      {periods}
      <Figures stats={stats} />
      <SettingsSection title="Over time" lead={chartLead(stats)}>
        <ViewsChart series={stats.series} caption={chartCaption(stats)} timeZone={stats.timeZone} />
      </SettingsSection>
      <SettingsSection title="Top posts" lead="The most viewed, with how many of their views became reads.">
        {stats.topPosts.length === 0 ? (
          <p className="stats-empty">No views in this period yet.</p>
        ) : (
          <div className="stats-table-wrap">
            <table className="stats-table">
              <thead>
                <tr>
                  <th scope="col">Post</th>
                  <th scope="col">Views</th>
                  <th scope="col">Reads</th>
                  <th scope="col">Read ratio</th>
                </tr>
              </thead>
              <tbody>
                {stats.topPosts.map((post) => (
                  <tr key={post.id}>
                    <th scope="row">
                      <AppLink to={postPagePath(post.id)}>{post.title}</AppLink>
                    </th>
                    <td>{number(post.views)}</td>
                    <td>{number(post.reads)}</td>
                    <td>{percent(post.readRatio)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SettingsSection>
      <SettingsSection
        title="Sources"
        lead="Where readers came from: the referring site, a link's ref or utm_source (newsletter links say newsletter), or Direct."
      >
        <ShareTable
          label="Source"
          rows={stats.sources.map((row) => ({ name: row.source, views: row.views, reads: row.reads }))}
        />
      </SettingsSection>
      <SettingsSection title="Devices and browsers" lead="From the browser's own description of itself.">
        <div className="stats-shares">
          <ShareTable label="Device" rows={stats.devices} />
          <ShareTable label="Browser" rows={stats.browsers} />
        </div>
      </SettingsSection>
      <SettingsSection
        title="Export"
        lead="Every page's views, visitors and reads per day for this period, as a CSV file."
      >
        <DownloadButton
          download={() => downloadStats(publication, days)}
          fallbackName="stats.csv"
          pendingLabel="Preparing the file…"
        >
          Export CSV
        </DownloadButton>
      </SettingsSection>
      <p className="stats-note">
        Counted without cookies or third parties. Visitors are unique per day, from a code that changes every
        day and cannot be traced back; bots, readers who ask not to be tracked and your own visits are not
        counted. Days begin at midnight where you are (your browser's time zone); visitors, sources, top posts
        and the export count by UTC day, over every UTC day your period touches. Countries are not counted.
      </p>
    </Shell>
  );
}

function Figures({ stats }: { stats: Stats }) {
  const items = [
    ['Views', number(stats.views)],
    ['Visitors', number(stats.visitors)],
    ['Reads', number(stats.reads)],
    ['Read ratio', percent(stats.readRatio)],
    ['Last 30 minutes', `${number(stats.live)} ${stats.live === 1 ? 'visitor' : 'visitors'}`],
  ] as const;
  return <FigureTiles className="stats-figures" tiles={items.map(([name, value]) => ({ name, value }))} />;
}

function ShareTable({
  label,
  rows,
}: {
  label: string;
  rows: { name: string; views: number; reads?: number }[];
}) {
  if (rows.length === 0) return <p className="stats-empty">Nothing yet.</p>;
  const withReads = rows.some((row) => row.reads !== undefined);
  return (
    <div className="stats-table-wrap">
      <table className="stats-table">
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col">Views</th>
            {withReads ? <th scope="col">Reads</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{number(row.views)}</td>
              {withReads ? <td>{number(row.reads ?? 0)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function chartLead(stats: Stats): string {
  if (stats.days === 1) return `Today, hour by hour (${stats.timeZone}).`;
  // Older than the hourly figures (30 days), a day can only be the UTC day of its date.
  const older = stats.zoneFrom ? ` Days before ${stats.zoneFrom} are UTC days.` : '';
  return `The last ${stats.days} days, day by day (${stats.timeZone}).${older}`;
}

function chartCaption(stats: Stats): string {
  const period =
    stats.days === 1 ? 'today' : stats.days === 365 ? 'in the last year' : `in the last ${stats.days} days`;
  const views = `${number(stats.views)} ${stats.views === 1 ? 'view' : 'views'}`;
  const reads = `${number(stats.reads)} ${stats.reads === 1 ? 'read' : 'reads'}`;
  return `${views} and ${reads} ${period}.`;
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page--narrow stats-page">
      <PageHead title={title} noindex />
      <h1 className="stats-heading">{title}</h1>
      {children}
    </div>
  );
}
