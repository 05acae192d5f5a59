import { useCallback, useEffect, useId, useState } from 'react';
import type { Webhook, WebhookDelivery } from '../../../../../contracts/webhooks';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { FormError } from '../../../components/ui/form-error';
import { useApiResource } from '../../../lib/use-api-resource';
import { deleteWebhook, listWebhookDeliveries, sendWebhookTest } from '../api/webhooks';

/** While a delivery is on its way, the log looks again this often. */
const REFRESH_WHILE_PENDING_MS = 1_500;

const STATE_LABELS: Record<WebhookDelivery['state'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** Date and time in the reader's own zone; the log is only ever rendered in the browser. */
function when(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}

/** One hook: where it sends, what, a test event, its delivery log, and deleting it. */
export function WebhooksItem({ hook, onDeleted }: { hook: Webhook; onDeleted: (id: string) => void }) {
  const logId = useId();
  const [showLog, setShowLog] = useState(false);
  const [testPending, setTestPending] = useState(false);
  const [testStatus, setTestStatus] = useState<string | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const readLog = useCallback((signal: AbortSignal) => listWebhookDeliveries(hook.id, signal), [hook.id]);
  const { resource: logResource, reload: loadLog } = useApiResource(readLog, showLog);
  const log = logResource.status === 'ready' ? logResource.value : null;
  const logError = logResource.status === 'failed' ? logResource.message : null;

  // A delivery due now is sent within seconds: follow it until it settles. One scheduled for a
  // later publication is not waited for.
  const waiting = log?.some(
    (delivery) =>
      delivery.state === 'pending' && Date.parse(delivery.nextAttemptAt ?? '') <= Date.now() + 60_000,
  );
  useEffect(() => {
    if (!showLog || !waiting) return;
    // The hook abandons this read if the log closes or a newer read starts.
    const timer = setTimeout(() => void loadLog(), REFRESH_WHILE_PENDING_MS);
    return () => clearTimeout(timer);
  }, [showLog, waiting, log, loadLog]);

  const sendTest = async () => {
    setTestPending(true);
    setTestError(null);
    setTestStatus(null);
    const result = await sendWebhookTest(hook.id);
    setTestPending(false);
    if (!result.ok) {
      setTestError(result.error.message);
      return;
    }
    setTestStatus('Test event queued. Its delivery shows in the log below.');
    setShowLog(true);
    void loadLog();
  };

  const confirmDelete = async () => {
    setDeleting(true);
    setDeleteError(null);
    const result = await deleteWebhook(hook.id);
    if (!result.ok) {
      setDeleting(false);
      setDeleteError(result.error.message);
      return;
    }
    setConfirming(false);
    onDeleted(hook.id);
  };

  return (
    <li className="webhooks__item">
      <p className="webhooks__url">{hook.url}</p>
      <p className="webhooks__events">
        {hook.events.join(', ')}
        {hook.active ? null : ' (paused)'}
      </p>
      <div className="webhooks__actions">
        <button
          className="button button--secondary button--small"
          type="button"
          disabled={testPending}
          aria-busy={testPending || undefined}
          onClick={() => void sendTest()}
        >
          {testPending ? 'Sending…' : 'Send test event'}
          <span className="visually-hidden"> to {hook.url}</span>
        </button>
        <button
          className="button button--secondary button--small"
          type="button"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((open) => !open)}
        >
          {showLog ? 'Hide deliveries' : 'Recent deliveries'}
          <span className="visually-hidden"> to {hook.url}</span>
        </button>
        <button
          className="button button--danger button--small"
          type="button"
          onClick={() => setConfirming(true)}
        >
          Delete<span className="visually-hidden"> the webhook to {hook.url}</span>
        </button>
      </div>
      <p className="settings-section__status" role="status">
        {testStatus}
      </p>
      <FormError message={testError} />
      <div id={logId} hidden={!showLog}>
        {showLog ? (
          <DeliveryLog log={log} error={logError} onRefresh={() => void loadLog()} url={hook.url} />
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this webhook?"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={deleting}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleteError(null);
          setConfirming(false);
        }}
      >
        <p className="webhooks__url">
          Events will no longer be sent to {hook.url}. Its delivery log goes too.
        </p>
      </ConfirmDialog>
    </li>
  );
}

function DeliveryLog({
  log,
  error,
  onRefresh,
  url,
}: {
  log: WebhookDelivery[] | null;
  error: string | null;
  onRefresh: () => void;
  url: string;
}) {
  if (error) return <ErrorRetry message={error} onRetry={onRefresh} />;
  if (log === null) return <p className="settings-section__status">Loading deliveries…</p>;
  return (
    <div className="webhooks__log">
      <div className="webhooks__log-head">
        <h3 className="webhooks__log-title">Recent deliveries</h3>
        <button className="button button--secondary button--small" type="button" onClick={onRefresh}>
          Refresh
        </button>
      </div>
      {log.length === 0 ? (
        <p className="settings-section__status">Nothing sent yet. Send a test event to try it.</p>
      ) : (
        <div className="webhooks__table-scroll">
          <table className="webhooks__table">
            <caption className="visually-hidden">Deliveries to {url}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Result</th>
                <th scope="col">Status code</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {log.map((delivery) => (
                <tr key={delivery.id} data-state={delivery.state}>
                  <td>
                    <code>{delivery.event}</code>
                  </td>
                  <td>
                    <span className="webhooks__state">{STATE_LABELS[delivery.state]}</span>
                    {delivery.attempts > 1 ? ` after ${delivery.attempts} attempts` : null}
                    {delivery.lastError && delivery.state !== 'delivered' ? (
                      <span className="webhooks__error">{delivery.lastError}</span>
                    ) : null}
                    {delivery.state === 'pending' && delivery.nextAttemptAt ? (
                      <span className="webhooks__error">
                        Next attempt{' '}
                        <time dateTime={delivery.nextAttemptAt}>{when(delivery.nextAttemptAt)}</time>
                      </span>
                    ) : null}
                  </td>
                  <td>{delivery.lastStatus ?? '—'}</td>
                  <td>
                    <time dateTime={delivery.deliveredAt ?? delivery.createdAt}>
                      {when(delivery.deliveredAt ?? delivery.createdAt)}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
