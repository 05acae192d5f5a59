import { DownloadButton } from '../../../components/ui/download-button';
import { SettingsSection } from '../../../components/ui/settings-section';
import { downloadExport } from '../api/account';

/** Everything the account wrote, as a zip the writer keeps or takes elsewhere. */
export function ExportData() {
  return (
    <SettingsSection
      title="Your data"
      lead="Download everything you wrote: your posts as Markdown files, your pictures and your comments, in one zip file to keep or to bring to another blog."
    >
      <DownloadButton
        download={downloadExport}
        fallbackName="inkwell-export.zip"
        pendingLabel="Preparing your file…"
      >
        Download your data
      </DownloadButton>
    </SettingsSection>
  );
}
