import { useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  GROWTH_PERIODS,
  type GrowthPeriod,
  type SubscribersSummary,
} from '../../../../../contracts/newsletter-subscribers';
import { SUBSCRIPTION_STATUSES } from '../../../../../contracts/newsletters';
import { PageHead } from '../../../lib/head/page-head';
import { LoadFailure } from '../../../components/ui/load-failure';
import { FigureTiles } from '../../../components/ui/figure-tiles';
import { DownloadButton } from '../../../components/ui/download-button';
import { PeriodChoice } from '../../../components/ui/period-choice';
import { SettingsSection } from '../../../components/ui/settings-section';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApiResource } from '../../../lib/use-api-resource';
import { useSession } from '../../auth';
import { downloadSubscribers, getSummary } from '../api/subscribers';
import { bucketsOf, GrowthChart } from '../../../components/ui/growth-chart';
import { ImportForm } from '../components/import-form';
import { NewsletterSettingsSection } from '../components/newsletter-settings';
import { SentPosts } from '../components/sent-posts';
import { STATUS_LABELS, SubscriberList } from '../components/subscriber-list';
import '../subscribers.css';

const PERIOD_NAMES: Record<GrowthPeriod, string> = { 30: '30 days', 90: '90 days', 365: 'Year' };
const PERIODS = GROWTH_PERIODS.map((period) => ({ value: period, name: PERIOD_NAMES[period] }));

/**
 * /subscribers, behind RequireAccount: the writer's own newsletter list, or with `?list=` a
 * publication's, for its owner and editors (the server checks every request): counts, growth, the
 * list, export and import, and the newsletter's settings (docs/decisions/0062-newsletter-subscribers-page.md).
 */
export function SubscribersPage() {
  const [params] = useSearchParams();
  const { userData } = useSession();
  const list = (params.get('list') ?? '').trim() || userData?.id || '';
  const [days, setDays] = useState<GrowthPeriod>(30);
  const read = useCallback((signal: AbortSignal) => getSummary(list, days, signal), [list, days]);
  const { resource, reload } = useApiResource(read, list !== '');
  const [version, setVersion] = useState(0);

  if (resource.status === 'failed') {
    return (
      <Shell title="Subscribers">
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
      <Shell title="Subscribers">
        <div aria-busy="true" className="subscribers-loading">
          <p className="visually-hidden" role="status">
            Loading subscribers…
          </p>
          <div className="figure-tiles subscriber-counts">
            {SUBSCRIPTION_STATUSES.map((status) => (
              <Skeleton key={status} className="subscriber-counts__skeleton" />
            ))}
          </div>
          <Skeleton className="bar-chart__skeleton" />
          <Skeleton className="skeleton--line" />
          <Skeleton className="skeleton--line skeleton--w-60" />
        </div>
      </Shell>
    );
  }
  const summary = resource.value;
  // The list's own key for what follows: the page may have been opened by id or by slug.
  const key = summary.list.personal ? summary.list.id : summary.list.slug;
  const changed = () => {
    void reload();
    setVersion((count) => count + 1);
  };
  return (
    <Shell title={summary.list.personal ? 'Your subscribers' : `Subscribers of ${summary.list.name}`}>
      <Counts summary={summary} />
      <SettingsSection title="Growth" lead="New subscribers above the line, those who left below it.">
        <PeriodChoice periods={PERIODS} value={days} onChange={setDays} />
        <GrowthChart buckets={bucketsOf(summary.growth, summary.days)} caption={growthCaption(summary)} />
      </SettingsSection>
      <SettingsSection
        title="Subscribers"
        lead="By address. Search by the start of an address, or show one state."
      >
        <SubscriberList key={`${key}-${version}`} list={key} onChanged={() => void reload()} />
      </SettingsSection>
      <SettingsSection
        title="Posts emailed"
        lead="Each post sent to this list, newest first: how many emails went, and how many bounced or failed."
      >
        <SentPosts list={key} />
      </SettingsSection>
      <SettingsSection
        title="Export"
        lead="Every address with its state and dates, as a CSV file: to keep, or to bring to another service."
      >
        <DownloadButton
          download={() => downloadSubscribers(key)}
          fallbackName="subscribers.csv"
          pendingLabel="Preparing the file…"
        >
          Export CSV
        </DownloadButton>
      </SettingsSection>
      <SettingsSection
        title="Import"
        lead="Bring your list from Substack, Ghost or elsewhere. Addresses that unsubscribed or bounced here are never added back."
      >
        <ImportForm list={key} onImported={changed} />
      </SettingsSection>
      <SettingsSection
        title="Newsletter settings"
        lead="How your emails name the list and their sender, where replies go, the footer, and what publishing does unless you choose otherwise."
      >
        <NewsletterSettingsSection list={key} />
      </SettingsSection>
    </Shell>
  );
}

function growthCaption(summary: SubscribersSummary): string {
  const added = summary.growth.reduce((sum, day) => sum + day.subscribed, 0);
  const left = summary.growth.reduce((sum, day) => sum + day.unsubscribed, 0);
  const period = summary.days === 365 ? 'the last year' : `the last ${summary.days} days`;
  return `${added} new, ${left} unsubscribed in ${period}.`;
}

function Counts({ summary }: { summary: SubscribersSummary }) {
  const tiles = SUBSCRIPTION_STATUSES.map((status) => ({
    name: STATUS_LABELS[status],
    value: summary.counts[status].toLocaleString('en-US'),
    className: `subscriber-counts__item--${status}`,
  }));
  return <FigureTiles className="subscriber-counts" tiles={tiles} />;
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page--narrow subscribers-page">
      <PageHead title={title} noindex />
      <h1 className="subscribers-heading">{title}</h1>
      {children}
    </div>
  );
}
