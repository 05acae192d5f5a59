import { useState } from 'react';
import type { CreatedApiKey } from '../../../../../contracts/api-keys';
import { ResourceView } from '../../../components/ui/resource-view';
import { useApiResource } from '../../../lib/use-api-resource';
import { listApiKeys } from '../api/api-keys';
import { ApiKeyForm } from './api-key-form';
import { ApiKeyList } from './api-key-list';
import { NewApiKey } from './new-api-key';
import { SettingsSection } from '../../../components/ui/settings-section';

const KEY_ROWS = ['api-keys__skeleton-row', 'api-keys__skeleton-row'];

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
      <ResourceView
        resource={resource}
        reload={reload}
        loadingLabel="Loading your API keys"
        skeletonClassName="api-keys__skeleton"
        skeletonRows={KEY_ROWS}
      >
        {(keys) => <ApiKeyList keys={keys} onRevoked={onRevoked} />}
      </ResourceView>
    </SettingsSection>
  );
}
