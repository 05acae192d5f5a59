import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error';
import { PendingButton } from '../../../components/ui/pending-button';
import { downloadExport } from '../api/account';
import { SettingsSection } from '../../../components/ui/settings-section';

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

/** Everything the account wrote, as a zip the writer keeps or takes elsewhere. */
export function ExportData() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onClick = async () => {
    setPending(true);
    setError(null);
    setDone(null);
    const result = await downloadExport();
    setPending(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    const filename = result.data.filename ?? 'inkwell-export.zip';
    save(result.data.blob, filename);
    setDone(`Saved ${filename}.`);
  };

  return (
    <SettingsSection
      title="Your data"
      lead="Download everything you wrote: your posts as Markdown files, your pictures and your comments, in one zip file to keep or to bring to another blog."
    >
      <PendingButton pending={pending} pendingLabel="Preparing your file…" onClick={() => void onClick()}>
        Download your data
      </PendingButton>
      <p className="settings-section__status" role="status">
        {done}
      </p>
      <FormError message={error} />
    </SettingsSection>
  );
}
