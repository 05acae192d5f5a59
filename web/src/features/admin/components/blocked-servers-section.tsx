import { useId, useState } from 'react';
import { blockServerSchema, type BlockedServer } from '../../../../../contracts/social-web';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LocalDate } from '../../../components/ui/local-date';
import { useApiResource } from '../../../lib/use-api-resource';
import { blockServer, getBlockedServers, unblockServer } from '../api/admin';
import { AddForm, useAddField, type Reading } from './add-form';
import { AdminResource } from './admin-resource';
import { AdminStatus } from './admin-status';

const byHost = (servers: BlockedServer[]) => [...servers].sort((a, b) => a.host.localeCompare(b.host));

/**
 * The servers the operator blocked on the social web (decision 0084): nothing from them is taken
 * and nothing goes to them. A server is added by its name (checked by the route's own schema, its
 * message under the field), after a confirmation, since its followers, likes and boosts go with it;
 * removing one takes its activities again.
 */
export function BlockedServersSection() {
  const headingId = useId();
  const { resource, reload, update } = useApiResource(getBlockedServers);
  const [asking, setAsking] = useState<string | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [blockError, setBlockError] = useState<string | null>(null);
  const [unblocking, setUnblocking] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const servers = resource.status === 'ready' ? resource.value : [];

  const read = (text: string): Reading<string> => {
    const parsed = blockServerSchema.safeParse({ host: text });
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '' };
    const host = parsed.data.host;
    return servers.some((server) => server.host === host)
      ? { error: `${host} is already blocked` }
      : { value: host };
  };
  const field = useAddField(read, (host) => {
    setBlockError(null);
    setAsking(host);
  });

  const block = async () => {
    if (asking === null) return;
    setBlocking(true);
    setBlockError(null);
    const result = await blockServer(asking);
    setBlocking(false);
    if (!result.ok) {
      const under = result.error.fieldErrors.host?.[0];
      if (under) {
        setAsking(null);
        field.showError(under);
      } else setBlockError(result.error.message);
      return;
    }
    const blocked = asking;
    setAsking(null);
    field.clear();
    setError(null);
    setMessage(`${blocked} is blocked`);
    update((list) => byHost([...list, { host: blocked, createdAt: new Date().toISOString() }]));
  };

  const unblock = async (server: BlockedServer) => {
    setUnblocking(server.host);
    setError(null);
    setMessage('');
    const result = await unblockServer(server.host);
    setUnblocking(null);
    // Not blocked any more (another operator was first): the list says so either way.
    if (!result.ok && result.error.status !== 404) {
      setError(result.error.message);
      return;
    }
    update((list) => list.filter((item) => item.host !== server.host));
    setMessage(`${server.host} is no longer blocked`);
  };

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 className="admin-section__title" id={headingId}>
        Blocked servers
      </h2>
      <p className="admin-section__lead">
        Servers of the social web (Mastodon and others) this site takes nothing from and sends nothing to.
        Blocking one also removes its accounts’ follows, likes and boosts; their comments already here stay,
        for the ordinary moderation.
      </p>
      <AddForm
        field={field}
        submitLabel="Block"
        busy={blocking || resource.status !== 'ready'}
        label="Server to block"
        name="host"
        hint="Its name, like mastodon.example (a port if it has one); an address on it works too."
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
      />
      <AdminStatus message={message} error={error} />
      <AdminResource resource={resource} reload={reload} loadingLabel="Loading the blocked servers">
        {() =>
          servers.length === 0 ? (
            <p className="admin__empty">No server is blocked.</p>
          ) : (
            <ul className="admin__list" aria-label="Blocked servers">
              {servers.map((server) => (
                <li key={server.host} className="admin-card admin-card--compact admin-blocked-server">
                  <div className="admin-card__body">
                    <p className="admin-card__title">{server.host}</p>
                    <p className="admin-card__meta">
                      Blocked <LocalDate iso={server.createdAt} />
                    </p>
                  </div>
                  <div className="admin-card__actions">
                    <button
                      className="button button--secondary"
                      type="button"
                      disabled={unblocking === server.host}
                      aria-label={`Unblock ${server.host}`}
                      onClick={() => void unblock(server)}
                    >
                      {unblocking === server.host ? 'Unblocking…' : 'Unblock'}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </AdminResource>
      <ConfirmDialog
        open={asking !== null}
        title={`Block ${asking ?? ''}?`}
        confirmLabel="Block"
        pendingLabel="Blocking…"
        pending={blocking}
        error={blockError}
        onConfirm={() => void block()}
        onCancel={() => setAsking(null)}
      >
        Every activity from {asking} will be refused, and its accounts’ follows of writers here, likes and
        boosts removed; they do not come back if you unblock it later.
      </ConfirmDialog>
    </section>
  );
}
