import { WEBHOOK_SIGNATURE_HEADER, type CreatedWebhook } from '../../../../../contracts/webhooks';
import { ShownOnce } from './shown-once';

/** A new hook's signing secret: the only time it is shown. */
export function WebhooksSecret({ hook, onDone }: { hook: CreatedWebhook; onDone: () => void }) {
  return (
    <ShownOnce
      title="Webhook added. Its signing secret is shown only this once: copy it now into the receiving server."
      value={hook.secret}
      usage={
        <>
          Each request carries <code>{WEBHOOK_SIGNATURE_HEADER}: t=…,v1=…</code>, the HMAC-SHA256 of the time,
          a dot and the body, keyed with this secret.
        </>
      }
      doneLabel="I have saved it"
      onDone={onDone}
    />
  );
}
