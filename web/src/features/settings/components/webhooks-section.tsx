import { useState } from 'react';
import { WEBHOOKS_PER_USER_MAX, type CreatedWebhook } from '../../../../../contracts/webhooks';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { useApiResource } from '../../../lib/use-api-resource';
import { listWebhooks } from '../api/webhooks';
import { SettingsSection } from '../../../components/ui/settings-section';
import { WebhooksCreateForm } from './webhooks-create-form';
import { WebhooksItem } from './webhooks-item';
import { WebhooksSecret } from './webhooks-secret';
import './webhooks.css';

/**
 * The writer's webhooks on the Settings page. A new hook's signing secret is shown
 * here once, right after it is added; the server never shows it again.
 */
export function WebhooksSection() {
  const { resource, reload, update } = useApiResource(listWebhooks);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  const onCreated = (hook: CreatedWebhook) => {
    setCreated(hook);
    const { secret: _shownOnce, ...listed } = hook;
    update((hooks) => [...hooks, listed]);
  };

  return (
    <SettingsSection
      title="Webhooks"
      lead={`Inkwell can tell another server when you publish, edit, unpublish or delete a post, or when someone comments on one. Each request is signed with the webhook's secret. Up to ${WEBHOOKS_PER_USER_MAX} webhooks.`}
    >
      {created ? <WebhooksSecret hook={created} onDone={() => setCreated(null)} /> : null}
      {resource.status === 'failed' ? (
        <ErrorRetry message={resource.message} onRetry={() => void reload()} />
      ) : resource.status === 'loading' ? (
        <p className="settings-section__status">Loading webhooks…</p>
      ) : resource.value.length === 0 ? (
        <p className="settings-section__status">No webhooks yet.</p>
      ) : (
        <ul className="webhooks__list" aria-label="Your webhooks">
          {resource.value.map((hook) => (
            <WebhooksItem
              key={hook.id}
              hook={hook}
              onDeleted={(id) => {
                update((hooks) => hooks.filter((item) => item.id !== id));
                if (created?.id === id) setCreated(null);
              }}
            />
          ))}
        </ul>
      )}
      <h3 className="webhooks__form-title">Add a webhook</h3>
      <WebhooksCreateForm onCreated={onCreated} />
    </SettingsSection>
  );
}
