import { useState } from 'react';
import type { ApiKey } from '../../../../../contracts/api-keys';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LocalDate } from '../../../components/ui/local-date';
import { revokeApiKey } from '../api/api-keys';

const SCOPE_LABELS = { read: 'Read', write: 'Read and write' } as const;

/** The person's keys, newest first, each with what it may do, when it was last used, and Revoke. */
export function ApiKeyList({ keys, onRevoked }: { keys: ApiKey[]; onRevoked: (id: string) => void }) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (keys.length === 0) return <p className="api-keys__empty">You have no API keys.</p>;

  const close = () => {
    setRevoking(null);
    setError(null);
  };

  const revoke = async (key: ApiKey) => {
    setPending(true);
    setError(null);
    const result = await revokeApiKey(key.id);
    setPending(false);
    // Already gone (revoked in another tab): the list catches up all the same.
    if (!result.ok && result.error.status !== 404) {
      setError(result.error.message);
      return;
    }
    close();
    onRevoked(key.id);
  };

  return (
    <>
      <ul className="api-keys" aria-label="Your API keys">
        {keys.map((key) => (
          <li className="api-keys__item" key={key.id}>
            <div className="api-keys__about">
              <p className="api-keys__name">{key.name}</p>
              <p className="api-keys__meta">
                <span className="api-keys__scope">{SCOPE_LABELS[key.scope]}</span>
                <code className="api-keys__hint">{key.hint}…</code>
              </p>
              <p className="api-keys__dates">
                Created <LocalDate iso={key.createdAt} />
                {' · '}
                {key.expiresAt ? (
                  <>
                    {Date.parse(key.expiresAt) <= Date.now() ? 'Expired' : 'Expires'}{' '}
                    <LocalDate iso={key.expiresAt} />
                  </>
                ) : (
                  'Never expires'
                )}
                {' · '}
                {key.lastUsedAt ? (
                  <>
                    Last used <LocalDate iso={key.lastUsedAt} />
                  </>
                ) : (
                  'Never used'
                )}
              </p>
            </div>
            <button
              className="button button--secondary button--small"
              type="button"
              aria-label={`Revoke ${key.name}`}
              onClick={() => setRevoking(key)}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        pending={pending}
        error={error}
        onConfirm={() => {
          if (revoking) void revoke(revoking);
        }}
        onCancel={close}
      >
        <p>
          “{revoking?.name}” stops working at once, everywhere. Anything that uses it will have to be given a
          new key.
        </p>
      </ConfirmDialog>
    </>
  );
}
