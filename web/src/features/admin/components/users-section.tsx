import { useCallback, useId, useState, type FormEvent } from 'react';
import { MODERATION_REASON_MAX, type ModeratedUser } from '../../../../../contracts/moderation';
import { AppLink } from '../../../components/ui/app-link';
import { LocalDate } from '../../../components/ui/local-date';
import { TextField } from '../../../components/ui/text-field';
import { profilePath } from '../../../lib/paths';
import { changeSuspension, listUsers } from '../api/admin';
import { useAdminAction, usePagedList } from '../use-paged-list';
import { AdminList } from './admin-list';
import { AdminStatus } from './admin-status';

/**
 * The people on the instance, by name, with search. Suspending one asks for a reason (kept in the
 * audit log): their sessions and API keys stop at once and their writing is hidden until they are
 * reinstated.
 */
export function UsersSection() {
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const read = useCallback(
    (cursor: string | null, signal?: AbortSignal) => listUsers(query, cursor, signal),
    [query],
  );
  const list = usePagedList(read);
  const action = useAdminAction();
  const [suspending, setSuspending] = useState<string | null>(null);
  const [reason, setReason] = useState('');

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(typed.trim());
  };

  const change = async (user: ModeratedUser, kind: 'suspend' | 'reinstate') => {
    const done = await action.run(user.id, () =>
      changeSuspension(user.username, kind, kind === 'suspend' ? reason.trim() || undefined : undefined),
    );
    if (done) {
      setSuspending(null);
      setReason('');
      await list.reload();
    }
  };

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 className="admin-section__title" id={headingId}>
        Users
      </h2>
      <form className="admin-search" role="search" onSubmit={search}>
        <TextField
          label="Find by name"
          name="q"
          value={typed}
          onValueChange={setTyped}
          hint="Names starting with what you type, without regard to case."
          autoComplete="off"
        />
        <button className="button button--secondary" type="submit">
          Search
        </button>
      </form>
      <AdminStatus message={action.message} error={action.error} />
      <AdminList
        list={list}
        loadingLabel="Loading users"
        empty={query ? `No one's name starts with “${query}”.` : 'No accounts yet.'}
        keyOf={(user) => user.id}
        renderItem={(user) => (
          <article className="admin-card" aria-label={user.username}>
            <p className="admin-card__title">
              {user.suspendedAt ? (
                user.username
              ) : (
                // The operators' list reads no handles: the address by id serves every account.
                <AppLink to={profilePath({ id: user.id, handle: null })}>{user.username}</AppLink>
              )}
              {user.isOperator ? <span className="admin-tag">Operator</span> : null}
              {user.suspendedAt ? <span className="admin-tag admin-tag--danger">Suspended</span> : null}
            </p>
            <p className="admin-card__meta">
              Joined <LocalDate iso={user.createdAt} /> · {user.postCount}{' '}
              {user.postCount === 1 ? 'post' : 'posts'}
              {user.suspendedAt ? (
                <>
                  {' '}
                  · suspended <LocalDate iso={user.suspendedAt} />
                </>
              ) : null}
            </p>
            {user.isOperator ? null : suspending === user.id ? (
              <form
                className="form admin-form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void change(user, 'suspend');
                }}
              >
                <TextField
                  label={`Why suspend ${user.username}? (kept in the audit log)`}
                  name="reason"
                  value={reason}
                  maxLength={MODERATION_REASON_MAX}
                  onValueChange={setReason}
                  autoComplete="off"
                  autoFocus
                />
                <div className="admin-card__actions">
                  <button
                    className="button button--secondary"
                    type="button"
                    onClick={() => setSuspending(null)}
                  >
                    Cancel
                  </button>
                  <button
                    className="button admin__danger-solid"
                    type="submit"
                    disabled={action.pending !== null}
                  >
                    {action.pending === user.id ? 'Suspending…' : `Suspend ${user.username}`}
                  </button>
                </div>
              </form>
            ) : (
              <div className="admin-card__actions">
                {user.suspendedAt ? (
                  <button
                    className="button button--secondary"
                    type="button"
                    disabled={action.pending !== null}
                    onClick={() => void change(user, 'reinstate')}
                  >
                    {action.pending === user.id ? 'Reinstating…' : 'Reinstate'}
                  </button>
                ) : (
                  <button
                    className="button button--secondary admin__danger"
                    type="button"
                    disabled={action.pending !== null}
                    onClick={() => {
                      setReason('');
                      setSuspending(user.id);
                    }}
                  >
                    Suspend…
                  </button>
                )}
              </div>
            )}
          </article>
        )}
      />
    </section>
  );
}
