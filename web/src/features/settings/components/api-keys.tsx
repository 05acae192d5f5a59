import { useState } from 'react';
import type { CreatedApiKey } from '../../../../../contracts/api-keys';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApiResource } from '../../../lib/use-api-resource';
import { listApiKeys } from '../api/api-keys';
import { ApiKeyForm } from './api-key-form';
import { ApiKeyList } from './api-key-list';
import { NewApiKey } from './new-api-key';
import { SettingsSection } from '../../../components/ui/settings-section';

/**
 * Personal access tokens: for scripts and static-site builders, instead of a
 * sign-in. Loaded in the browser only: the settings page is never rendered with an account on
 * the server.
 */
export function ApiKeys() {
  const { resource, reload, update } = useApiResource(listApiKeys);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // A new form after each key, so its fields start empty again.
  const [formGeneration, setFormGeneration] = useState(0);

  const onCreated = (key: CreatedApiKey) => {
    setCreated(key);
    setFormGeneration((generation) => generation + 1);
    const { token: _secret, ...listed } = key;
    update((keys) => [listed, ...keys]);
  };

  const onRevoked = (id: string) => {
    if (created?.id === id) setCreated(null);
    update((keys) => keys.filter((key) => key.id !== id));
  };

  return (
    <SettingsSection
      title="API keys"
      lead="Let a script or a static-site builder use Inkwell's API as you, without your password. A key cannot change your password, email or keys, and keeps working after you sign out everywhere until you revoke it."
    >
      {created ? (
        <NewApiKey apiKey={created} onDone={() => setCreated(null)} />
      ) : (
        <ApiKeyForm key={formGeneration} onCreated={onCreated} />
      )}
      <h3 className="api-keys__heading">Your keys</h3>
      {resource.status === 'loading' ? (
        <div className="api-keys__skeleton" aria-busy="true" aria-label="Loading your API keys">
          <Skeleton className="api-keys__skeleton-row" />
          <Skeleton className="api-keys__skeleton-row" />
        </div>
      ) : resource.status === 'failed' ? (
        <ErrorRetry message={resource.message} onRetry={() => void reload()} />
      ) : (
        <ApiKeyList keys={resource.value} onRevoked={onRevoked} />
      )}
    </SettingsSection>
  );
}
