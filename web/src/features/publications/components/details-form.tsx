import type { PublicationDetails } from '../../../../../contracts/publications';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useZodForm } from '../../../lib/use-zod-form';
import { updatePublication } from '../api/publications';
import { detailsFormSchema } from '../lib/publication-form';
import { PublicationTextFields } from './publication-text-fields';

/**
 * The owner's form for a publication's name, description and accent colour. Its address is not
 * here: links and domains point at it, so it never changes. After a save the page mounts a fresh
 * form with the saved values (a form stays pending after its success, see useZodForm).
 */
export function DetailsForm({
  publication,
  onSaved,
}: {
  publication: PublicationDetails;
  onSaved: (saved: PublicationDetails) => void;
}) {
  const form = useZodForm({
    schema: detailsFormSchema,
    initialValues: {
      name: publication.name,
      description: publication.description,
      accentColor: publication.accentColor ?? '',
    },
    submit: async (input) => {
      const result = await updatePublication(publication.slug, input);
      if (!result.ok) return result.error;
      onSaved(result.data);
      return null;
    },
  });

  return (
    <form className="form publication-form" noValidate onSubmit={form.onSubmit}>
      <PublicationTextFields form={form} />
      <SubmitButton pending={form.pending} pendingLabel="Saving…">
        Save changes
      </SubmitButton>
      <FormError message={form.formError} />
    </form>
  );
}
