import { useId, useRef, useState, type FormEvent } from 'react';
import {
  IMPORT_CONSENT_MESSAGE,
  IMPORT_FILE_MISSING_MESSAGE,
  type ImportReport,
} from '../../../../../contracts/newsletter-subscribers';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { importSubscribers } from '../api/subscribers';

const FORMAT_NAMES: Record<ImportReport['format'], string> = {
  substack: "Substack's export",
  ghost: "Ghost's members export",
  inkwell: 'an Inkwell export',
  plain: 'a list of addresses',
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What an import did, in sentences; the reasons for each left-out line are named. */
function ImportSummary({ report }: { report: ImportReport }) {
  const { skipped } = report;
  const notes = [
    skipped.unsubscribed > 0 &&
      `${plural(skipped.unsubscribed, 'address', 'addresses')} had unsubscribed from this list and stayed unsubscribed`,
    skipped.bounced > 0 &&
      `${plural(skipped.bounced, 'address', 'addresses')} had bounced here and were left out`,
    skipped.notSubscribedInExport > 0 &&
      `${plural(skipped.notSubscribedInExport, 'line')} marked in the file as not receiving emails were left out`,
    skipped.duplicateInFile > 0 &&
      `${plural(skipped.duplicateInFile, 'line')} repeated an address already in the file`,
  ].filter((note): note is string => typeof note === 'string');
  return (
    <div className="import-report" role="status">
      <p>
        Read as {FORMAT_NAMES[report.format]}: <strong>{plural(report.imported, 'new subscriber')}</strong>
        {report.alreadySubscribed > 0 ? `, ${report.alreadySubscribed} already subscribed` : ''}.
      </p>
      {notes.length > 0 ? (
        <ul>
          {notes.map((note) => (
            <li key={note}>{note}.</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Import a CSV from Substack, Ghost or elsewhere. The consent box is required, as on the server:
 * imported addresses get no confirmation email, so the writer vouches for them. A refusal is shown
 * by the field it is about; bad lines are listed by number under the file field.
 */
export function ImportForm({ list, onImported }: { list: string; onImported: () => void }) {
  const fileId = useId();
  const consentId = useId();
  const fileErrorId = `${fileId}-error`;
  const consentErrorId = `${consentId}-error`;
  const linesId = `${fileId}-lines`;
  const fileRef = useRef<HTMLInputElement>(null);
  const [consent, setConsent] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<{ file?: string; consent?: string; form?: string }>({});
  const [report, setReport] = useState<ImportReport | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    const found: typeof errors = {};
    if (!file) found.file = IMPORT_FILE_MISSING_MESSAGE.replace(/ \(.*\)$/, '');
    if (!consent) found.consent = IMPORT_CONSENT_MESSAGE;
    setErrors(found);
    if (!file || !consent) return;
    setPending(true);
    setReport(null);
    const result = await importSubscribers(list, file, consent);
    setPending(false);
    if (!result.ok) {
      const { fieldErrors, message, status } = result.error;
      const fileError = fieldErrors.file?.[0] ?? (status === 413 || status === 415 ? message : undefined);
      const consentError = fieldErrors.consent?.[0];
      setErrors({
        ...(fileError ? { file: fileError.replace(/^Error: /, '') } : {}),
        ...(consentError ? { consent: consentError } : {}),
        ...(!fileError && !consentError ? { form: message } : {}),
      });
      return;
    }
    setReport(result.data);
    if (result.data.imported > 0) onImported();
  };

  const lineErrors = report?.errors ?? [];
  const fileDescribedBy =
    [`${fileId}-hint`, errors.file ? fileErrorId : null, lineErrors.length > 0 ? linesId : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <form className="form import-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          CSV file
        </label>
        <p className="field__hint" id={`${fileId}-hint`}>
          Substack&apos;s subscriber export, Ghost&apos;s members export, or any CSV with an email column; up
          to 20 MB.
        </p>
        <input
          ref={fileRef}
          id={fileId}
          className="field__input import-form__file"
          type="file"
          name="file"
          accept=".csv,text/csv"
          aria-invalid={errors.file || lineErrors.length > 0 ? true : undefined}
          aria-describedby={fileDescribedBy}
          onChange={() => setErrors((current) => ({ ...current, file: undefined }))}
        />
        {errors.file ? (
          <p className="field__error" id={fileErrorId}>
            {errors.file}
          </p>
        ) : null}
        {lineErrors.length > 0 ? (
          <div className="field__error import-form__lines" id={linesId}>
            <p>
              {plural(report?.invalid ?? 0, 'line')} could not be imported
              {(report?.invalid ?? 0) > lineErrors.length
                ? ` (the first ${lineErrors.length} are listed)`
                : ''}
              :
            </p>
            <ul>
              {lineErrors.map((line) => (
                <li key={line.line}>
                  Line {line.line}: {line.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="field">
        <label className="choice import-form__consent" htmlFor={consentId}>
          <input
            id={consentId}
            type="checkbox"
            name="consent"
            checked={consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? consentErrorId : undefined}
            onChange={(event) => {
              setConsent(event.target.checked);
              setErrors((current) => ({ ...current, consent: undefined }));
            }}
          />
          <span>
            I confirm these people consented to receive this newsletter. They will not be asked to confirm by
            email.
          </span>
        </label>
        {errors.consent ? (
          <p className="field__error" id={consentErrorId}>
            {errors.consent}
          </p>
        ) : null}
      </div>
      <SubmitButton pending={pending} pendingLabel="Importing…">
        Import
      </SubmitButton>
      <FormError message={errors.form ?? null} />
      {report ? <ImportSummary report={report} /> : null}
    </form>
  );
}
