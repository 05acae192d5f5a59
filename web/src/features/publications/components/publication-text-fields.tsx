import { PUBLICATION_DESCRIPTION_MAX, PUBLICATION_NAME_MAX } from '../../../../../contracts/publications';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { ZodForm } from '../../../lib/use-zod-form';
import type { PublicationFormValues } from '../lib/publication-form';
import { AccentField } from './accent-field';

/** Name, description and accent colour: the fields a new publication and its settings share. */
export function PublicationTextFields<T extends PublicationFormValues>({ form }: { form: ZodForm<T> }) {
  return (
    <>
      <TextField
        label="Name"
        name="name"
        maxLength={PUBLICATION_NAME_MAX}
        value={form.values.name}
        onValueChange={(value) => form.setValue('name', value)}
        error={form.errors.name}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        maxLength={PUBLICATION_DESCRIPTION_MAX}
        hint="Optional. Shown under its name on its site."
        value={form.values.description}
        onValueChange={(value) => form.setValue('description', value)}
        error={form.errors.description}
      />
      <AccentField
        value={form.values.accentColor}
        onChange={(value) => form.setValue('accentColor', value)}
        error={form.errors.accentColor}
      />
    </>
  );
}
