import { useCallback, useEffect, useId, useState } from 'react';
import type { Author } from '../../../../../contracts/posts';
import { AppLink } from '../../../components/ui/app-link';
import { AvatarInitial } from '../../../components/ui/avatar-initial';
import { ErrorRetry } from '../../../components/ui/error-retry';
import type { ApiFailure } from '../../../lib/api-client';
import { profilePath } from '../../../lib/paths';
import { getPeople, type PeopleSide } from '../api/get-people';
import '../social.css';

interface PeopleState {
  side: PeopleSide;
  items: Author[];
  nextCursor: string | null;
  loading: boolean;
  error: ApiFailure | null;
}

/**
 * A profile's followers and the people it follows, shown on demand (two toggles; the
 * counts are in the profile header above) and paged. Loaded in the browser: a list nobody opened costs nothing.
 */
export function PeopleLists({ userId }: { userId: string }) {
  const [state, setState] = useState<PeopleState | null>(null);
  const listId = useId();

  const load = useCallback(
    async (side: PeopleSide, cursor: string | null) => {
      setState((current) => ({
        side,
        items: cursor !== null && current?.side === side ? current.items : [],
        nextCursor: null,
        loading: true,
        error: null,
      }));
      const result = await getPeople(side, userId, cursor);
      setState((current) => {
        if (!current || current.side !== side) return current;
        return result.ok
          ? {
              side,
              items: [...current.items, ...result.data.response],
              nextCursor: result.data.nextCursor,
              loading: false,
              error: null,
            }
          : { ...current, loading: false, error: result.error };
      });
    },
    [userId],
  );

  // Another profile: the lists start closed.
  useEffect(() => setState(null), [userId]);

  const toggle = (side: PeopleSide) => {
    if (state?.side === side) setState(null);
    else void load(side, null);
  };

  const tab = (side: PeopleSide, label: string) => (
    <button
      className="people-lists__toggle"
      type="button"
      aria-expanded={state?.side === side}
      aria-controls={listId}
      onClick={() => toggle(side)}
    >
      {label}
    </button>
  );

  return (
    <section className="people-lists" aria-label="Followers and following">
      <div className="people-lists__toggles">
        {tab('followers', 'Show followers')}
        {tab('following', 'Show following')}
      </div>
      <div id={listId}>
        {state ? (
          <>
            <h2 className="visually-hidden">{state.side === 'followers' ? 'Followers' : 'Following'}</h2>
            {state.items.length > 0 ? (
              <ul className="people-lists__list">
                {state.items.map((person) => (
                  <li key={person.id} className="people-lists__person">
                    <AvatarInitial name={person.username} size="sm" />
                    <AppLink to={profilePath(person)}>{person.username}</AppLink>
                  </li>
                ))}
              </ul>
            ) : null}
            {!state.loading && !state.error && state.items.length === 0 ? (
              <p className="people-lists__empty">Nobody yet.</p>
            ) : null}
            {state.loading ? (
              <p className="people-lists__empty" role="status">
                Loading…
              </p>
            ) : null}
            {state.error ? (
              <ErrorRetry message={state.error.message} onRetry={() => void load(state.side, null)} />
            ) : null}
            {state.nextCursor !== null && !state.loading ? (
              <button
                className="button button--secondary button--small"
                type="button"
                onClick={() => void load(state.side, state.nextCursor)}
              >
                Show more
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
