import { SERIES_DESCRIPTION_MAX, SERIES_TITLE_MAX, type Series } from '../../../../../contracts/series';
import { updateSeriesSchema } from '../../../../../contracts/series-input';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { ApiResult } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';

export interface SeriesFormProps {
  initial: { title: string; description: string };
  submitLabel: string;
  pendingLabel: string;
  /** Sends the checked title and description; the answer's failure is shown by its field. */
  save: (input: { title: string; description?: string | undefined }) => Promise<ApiResult<Series>>;
  onSaved: (series: Series) => void;
  onCancel?: () => void;
}

/**
 * A series' title and description, checked with the routes' own schema (contracts/series-input.ts)
 * so each message sits under its field. The title's Enter sends this form, its only form; the
 * description takes new lines.
 */
export function SeriesForm({ initial, submitLabel, pendingLabel, save, onSaved, onCancel }: SeriesFormProps) {
  const form = useZodForm({
    schema: updateSeriesSchema,
    initialValues: initial,
    submit: async (input) => {
      const result = await save(input);
      if (!result.ok) return result.error;
      onSaved(result.data);
      return null;
    },
  });
  return (
    <form className="form series-form" noValidate onSubmit={form.onSubmit}>
      <TextField
        label="Title"
        name="title"
        autoComplete="off"
        maxLength={SERIES_TITLE_MAX}
        value={form.values.title}
        onValueChange={(value) => form.setValue('title', value)}
        error={form.errors.title}
      />
      <TextAreaField
        label="Description"
        name="description"
        hint="Optional: what the series is about, shown on its page."
        rows={2}
        maxLength={SERIES_DESCRIPTION_MAX}
        value={form.values.description}
        onValueChange={(value) => form.setValue('description', value)}
        error={form.errors.description}
      />
      <div className="series-form__actions">
        <SubmitButton pending={form.pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      <FormError message={form.formError} />
    </form>
  );
}
