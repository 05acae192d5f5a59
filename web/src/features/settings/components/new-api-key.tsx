import type { CreatedApiKey } from '../../../../../contracts/api-keys';
import { ShownOnce } from './shown-once';

/** A key just created: its secret is shown this once, since only its hash is kept. */
export function NewApiKey({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  return (
    <ShownOnce
      title={`Your new key “${apiKey.name}”. Copy it now: it will not be shown again.`}
      value={apiKey.token}
      usage={
        <>
          Send it as <code>Authorization: Bearer {apiKey.hint}…</code>
        </>
      }
      doneLabel="Done"
      onDone={onDone}
    />
  );
}
