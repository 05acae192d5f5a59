import { useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { postPagePath } from '../../../../../contracts/site';
import type { PostStats, PublicationStats, WriterStats } from '../../../../../contracts/stats';
import { PageHead } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';
import { LoadFailure } from '../../../components/ui/load-failure';
import { DownloadButton } from '../../../components/ui/download-button';
import { PeriodChoice } from '../../../components/ui/period-choice';
import { SettingsSection } from '../../../components/ui/settings-section';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApiResource } from '../../../lib/use-api-resource';
import type { ApiResult } from '../../../lib/api-client';
import { downloadStats, getPostStats, getStats, type StatsSubject } from '../api/stats';
import { NewsletterSection, PostEmailSection } from '../components/newsletter-figures';
import { OwnVisits } from '../components/own-visits';
import {
  DevicesAndBrowsers,
  Figures,
  OverTime,
  ReadsTable,
  Sources,
  type AnyStats,
} from '../components/stats-sections';
import { postStatsPath, statsPath } from '../paths';
import '../stats.css';

const PERIODS = [
  { value: 1, name: 'Today' },
  { value: 7, name: '7 days' },
  { value: 30, name: '30 days' },
  { value: 365, name: 'Year' },
];

/**
 * /stats, behind RequireAccount: the writer's own figures over all their pages, with `?publication=`
 * a publication's (its owner and editors), with `?post=` one post's (its writer and its blog's
 * owner and editors); the server checks every request. Counted without cookies; days in the
 * browser's time zone (docs/decisions/0063-first-party-stats.md, 0067); the newsletter's figures
 * beside them (0088).
 */
export function StatsPage() {
  const [params] = useSearchParams();
  const post = (params.get('post') ?? '').trim();
  const publication = (params.get('publication') ?? '').trim();
  const subject: StatsSubject = post
    ? { kind: 'post', id: post }
    : publication
      ? { kind: 'publication', id: publication }
      : { kind: 'writer' };
  const [days, setDays] = useState<number>(30);
  const read = useCallback(
    (signal: AbortSignal): Promise<ApiResult<AnyStats>> =>
      post ? getPostStats(post, days, signal) : getStats(publication, days, signal),
    [post, publication, days],
  );
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
  if ('post' in stats) return <PostStatsView stats={stats} periods={periods} subject={subject} days={days} />;
  const title = 'publication' in stats ? `Stats of ${stats.publication.name}` : 'Your stats';
  return (
    <Shell title={title}>
      {periods}
      <Figures stats={stats} />
      <OverTime stats={stats} />
      <TopPosts stats={stats} />
      <Sources stats={stats} />
      <DevicesAndBrowsers stats={stats} />
      <NewsletterSection newsletter={stats.newsletter} days={stats.days} own={'writer' in stats} />
      <OwnVisits siteUrl={'writer' in stats ? stats.writer.siteUrl : stats.publication.siteUrl} />
      <Export subject={subject} days={days} what="Every page's" />
      <Note />
    </Shell>
  );
}

function PostStatsView({
  stats,
  periods,
  subject,
  days,
}: {
  stats: PostStats;
  periods: ReactNode;
  subject: StatsSubject;
  days: number;
}) {
  return (
    <Shell title={`Stats of “${stats.post.title}”`}>
      <p className="stats-links">
        <AppLink to={postPagePath(stats.post.id)}>Read the post</AppLink>
        <AppLink to={statsPath()}>All your stats</AppLink>
      </p>
      {periods}
      <Figures stats={stats} />
      <OverTime stats={stats} />
      <Sources stats={stats} />
      <DevicesAndBrowsers stats={stats} />
      <PostEmailSection email={stats.newsletter} />
      <Export subject={subject} days={days} what="This post's" />
      <Note />
    </Shell>
  );
}

function TopPosts({ stats }: { stats: WriterStats | PublicationStats }) {
  return (
    <SettingsSection
      title="Top posts"
      lead="The most viewed, with how many of their views became reads. A post's title opens its own stats."
    >
      <ReadsTable
        label="Post"
        empty="No views in this period yet."
        rows={stats.topPosts.map((post) => ({
          key: post.id,
          name: <AppLink to={postStatsPath(post.id)}>{post.title}</AppLink>,
          views: post.views,
          reads: post.reads,
          readRatio: post.readRatio,
        }))}
      />
    </SettingsSection>
  );
}

function Export({ subject, days, what }: { subject: StatsSubject; days: number; what: string }) {
  return (
    <SettingsSection
      title="Export"
      lead={`${what} views, visitors and reads per day for this period, as a CSV file.`}
    >
      <DownloadButton
        download={() => downloadStats(subject, days)}
        fallbackName="stats.csv"
        pendingLabel="Preparing the file…"
      >
        Export CSV
      </DownloadButton>
    </SettingsSection>
  );
}

function Note() {
  return (
    <p className="stats-note">
      Counted without cookies or third parties. Visitors are unique per day, from a code that changes every
      day and cannot be traced back; bots, readers who ask not to be tracked and your own visits are not
      counted (on a site's own address, once you ask it from its browser). Days begin at midnight where you
      are (your browser's time zone); visitors, sources, top posts and the export count by UTC day, over every
      UTC day your period touches. Countries are not counted.
    </p>
  );
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
