import { useState, type ReactNode } from 'react';
import type { ApiResult } from '../../lib/api-client';
import { FormError } from './form-error';
import { PendingButton } from './pending-button';

/** A file the API sent: its bytes and the name the server gave it, if any. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** Hands the browser a file to save, under the name the server chose. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by the time the click returns; the address can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A button that asks the API for a file (an export) and saves it, then says what it saved, or the
 * API's reason it could not.
 */
export function DownloadButton({
  download,
  fallbackName,
  pendingLabel,
  children,
}: {
  download: () => Promise<ApiResult<DownloadedFile>>;
  /** The file's name when the server gives none. */
  fallbackName: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onClick = async () => {
    setPending(true);
    setError(null);
    setDone(null);
    const result = await download();
    setPending(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    const filename = result.data.filename ?? fallbackName;
    save(result.data.blob, filename);
    setDone(`Saved ${filename}.`);
  };

  return (
    <>
      <PendingButton pending={pending} pendingLabel={pendingLabel} onClick={() => void onClick()}>
        {children}
      </PendingButton>
      <p className="settings-section__status" role="status">
        {done}
      </p>
      <FormError message={error} />
    </>
  );
}
