import { useCallback, useEffect, useState } from 'react';
import { WEBHOOKS_PER_USER_MAX, type CreatedWebhook, type Webhook } from '../../../../../contracts/webhooks';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { listWebhooks } from '../api/webhooks';
import { SettingsSection } from './settings-section';
import { WebhooksCreateForm } from './webhooks-create-form';
import { WebhooksItem } from './webhooks-item';
import { WebhooksSecret } from './webhooks-secret';
import './webhooks.css';

/**
 * Issue 13 §3: the writer's webhooks on the Settings page. A new hook's signing secret is shown
 * here once, right after it is added; the server never shows it again.
 */
export function WebhooksSection() {
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    const result = await listWebhooks(signal);
    if (signal?.aborted) return;
    if (!result.ok) {
      console.error('Error fetching webhooks', result.error);
      setLoadError(result.error.message);
      return;
    }
    setLoadError(null);
    setHooks(result.data.response);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const onCreated = (hook: CreatedWebhook) => {
    setCreated(hook);
    const { secret: _shownOnce, ...listed } = hook;
    setHooks((current) => [...(current ?? []), listed]);
  };

  return (
    <SettingsSection
      title="Webhooks"
      lead={`Inkwell can tell another server when you publish, edit, unpublish or delete a post, or when someone comments on one. Each request is signed with the webhook's secret. Up to ${WEBHOOKS_PER_USER_MAX} webhooks.`}
    >
      {created ? <WebhooksSecret hook={created} onDone={() => setCreated(null)} /> : null}
      {loadError ? (
        <ErrorRetry message={loadError} onRetry={() => void load()} />
      ) : hooks === null ? (
        <p className="settings-section__status">Loading webhooks…</p>
      ) : hooks.length === 0 ? (
        <p className="settings-section__status">No webhooks yet.</p>
      ) : (
        <ul className="webhooks__list" aria-label="Your webhooks">
          {hooks.map((hook) => (
            <WebhooksItem
              key={hook.id}
              hook={hook}
              onDeleted={(id) => {
                setHooks((current) => (current ?? []).filter((item) => item.id !== id));
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
