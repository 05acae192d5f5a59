import { useCallback, useId, useState, type FormEvent } from 'react';
import type { Subscriber } from '../../../../../contracts/newsletter-subscribers';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../../../contracts/newsletters';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { LocalDate } from '../../../components/ui/local-date';
import { LoadMore } from '../../../components/ui/load-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFetchedPages } from '../../../lib/use-fetched-pages';
import { listSubscribers, removeSubscriber } from '../api/subscribers';

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

/**
 * The list itself: a search by the start of the address, a filter by state, 50 at a time with
 * "Show more", and removal behind a confirmation. `onChanged` lets the page count again.
 */
export function SubscriberList({ list, onChanged }: { list: string; onChanged: () => void }) {
  const searchId = useId();
  const statusId = useId();
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<{ q: string; status: SubscriptionStatus | '' }>({ q: '', status: '' });
  const readPage = useCallback(
    (cursor: string | null, signal?: AbortSignal) => listSubscribers(list, { ...filter, cursor }, signal),
    [list, filter],
  );
  const { resource, reload, update, more, showMore } = useFetchedPages(readPage);
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const [removal, setRemoval] = useState<{ pending: boolean; error: string | null }>({
    pending: false,
    error: null,
  });
  const [announcement, setAnnouncement] = useState('');
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilter((current) => ({ ...current, q: typed.trim() }));
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoval({ pending: true, error: null });
    const result = await removeSubscriber(list, removing.id);
    if (!result.ok && result.error.status !== 404) {
      setRemoval({ pending: false, error: result.error.message });
      return;
    }
    setRemoval({ pending: false, error: null });
    update((page) => ({ ...page, response: page.response.filter((row) => row.id !== removing.id) }));
    setAnnouncement(`${removing.email} was removed.`);
    setRemoving(null);
    onChanged();
  };

  return (
    <div className="subscriber-list">
      <form className="subscriber-list__filters" role="search" onSubmit={onSearch}>
        <div className="field subscriber-list__search">
          <label className="field__label" htmlFor={searchId}>
            Search by address
          </label>
          <div className="subscriber-list__search-row">
            <input
              id={searchId}
              className="field__input"
              type="search"
              name="q"
              autoComplete="off"
              spellCheck={false}
              placeholder="Start of an address"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button className="button button--secondary" type="submit">
              Search
            </button>
          </div>
        </div>
        <div className="field subscriber-list__status">
          <label className="field__label" htmlFor={statusId}>
            State
          </label>
          <select
            id={statusId}
            className="field__input"
            value={filter.status}
            onChange={(event) =>
              setFilter((current) => ({ ...current, status: event.target.value as SubscriptionStatus | '' }))
            }
          >
            <option value="">All</option>
            {SUBSCRIPTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {resource.status === 'loading' ? (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading subscribers…
          </p>
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="skeleton--line subscriber-list__skeleton" />
          ))}
        </div>
      ) : resource.status === 'failed' ? (
        <ErrorRetry message={resource.message} onRetry={() => void reload()} />
      ) : resource.value.response.length === 0 ? (
        <p className="subscriber-list__empty">
          {filter.q || filter.status ? 'No subscriber matches.' : 'Nobody has subscribed yet.'}
        </p>
      ) : (
        <ul className="subscriber-list__rows" aria-label="Subscribers">
          {resource.value.response.map((row) => (
            <li key={row.id} className="subscriber-row">
              <span className="subscriber-row__email">{row.email}</span>
              <span className={`subscriber-row__status subscriber-row__status--${row.status}`}>
                {STATUS_LABELS[row.status]}
              </span>
              <span className="subscriber-row__since">
                since <LocalDate iso={row.confirmedAt ?? row.createdAt} />
              </span>
              <button
                type="button"
                className="button button--secondary button--small subscriber-row__remove"
                aria-label={`Remove ${row.email}`}
                onClick={() => {
                  setRemoval({ pending: false, error: null });
                  setRemoving(row);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={resource.status === 'ready' && resource.value.nextCursor !== null}
        loadingMore={more.loading}
        moreError={more.error}
        loadMore={showMore}
        label="Show more"
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this subscriber?"
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={removal.pending}
        error={removal.error}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <p>
          <strong>{removing?.email}</strong> will get nothing more from this list, and the list forgets the
          address. They can subscribe again, with a confirmation; an import could also bring them back.
        </p>
      </ConfirmDialog>
    </div>
  );
}
