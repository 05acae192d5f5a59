import { useCallback } from 'react';
import type { NewsletterSendReport, SendState } from '../../../../../contracts/newsletter-subscribers';
import { AppLink } from '../../../components/ui/app-link';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { LocalDate } from '../../../components/ui/local-date';
import { LoadMore } from '../../../components/ui/load-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { canonicalPostPath } from '../../../lib/paths';
import { useFetchedPages } from '../../../lib/use-fetched-pages';
import { listSends } from '../api/subscribers';

const STATE_LABELS: Record<SendState, string> = {
  waiting: 'Goes out when the post is published',
  copying: 'Sending',
  queued: 'Sent',
  cancelled: 'Stopped: the post is no longer public',
};

/** Every address queued is not every email gone: until then it is still sending. */
const stateLabel = (row: NewsletterSendReport) =>
  row.state === 'queued' && row.emails.waiting > 0 ? STATE_LABELS.copying : STATE_LABELS[row.state];

const count = new Intl.NumberFormat('en');

/** "1,203 sent · 3 bounced": every outcome that happened, in the order a writer reads them. */
function outcomesLine({ emails }: NewsletterSendReport): string {
  const parts: string[] = [`${count.format(emails.sent)} sent`];
  if (emails.waiting > 0) parts.push(`${count.format(emails.waiting)} still to go`);
  if (emails.bounced > 0) parts.push(`${count.format(emails.bounced)} bounced`);
  if (emails.failed > 0) parts.push(`${count.format(emails.failed)} failed`);
  if (emails.skipped > 0) parts.push(`${count.format(emails.skipped)} left the list first`);
  if (emails.cancelled > 0) parts.push(`${count.format(emails.cancelled)} not sent`);
  return parts.join(' · ');
}

/** The posts emailed to the list, newest first, with what became of their emails. */
export function SentPosts({ list }: { list: string }) {
  const readPage = useCallback(
    (cursor: string | null, signal?: AbortSignal) => listSends(list, cursor, signal),
    [list],
  );
  const { resource, reload, more, showMore } = useFetchedPages(readPage);

  if (resource.status === 'loading') {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading sent posts…
        </p>
        {[0, 1].map((n) => (
          <Skeleton key={n} className="skeleton--line subscriber-list__skeleton" />
        ))}
      </div>
    );
  }
  if (resource.status === 'failed') {
    return <ErrorRetry message={resource.message} onRetry={() => void reload()} />;
  }
  const { response: rows, nextCursor } = resource.value;
  if (rows.length === 0) {
    return <p className="subscriber-list__empty">No post has been emailed to this list yet.</p>;
  }
  return (
    <>
      <ul className="sent-posts" aria-label="Posts emailed">
        {rows.map((row) => (
          <li key={row.post.id} className="sent-post">
            <AppLink className="sent-post__title" to={canonicalPostPath(row.post.id)}>
              {row.post.title}
            </AppLink>
            <span className="sent-post__meta">
              <LocalDate iso={row.createdAt} /> · {stateLabel(row)}
            </span>
            <span className="sent-post__outcomes">{outcomesLine(row)}</span>
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={nextCursor !== null}
        loadingMore={more.loading}
        moreError={more.error}
        loadMore={showMore}
        label="Show more"
      />
    </>
  );
}
