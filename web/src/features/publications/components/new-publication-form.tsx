import { useNavigate } from 'react-router';
import { SLUG_MAX } from '../../../../../contracts/publications';
import { publicationSiteUrl } from '../../../../../contracts/publication-url';
import { useSite } from '../../../lib/head/page-head';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { createPublication } from '../api/publications';
import { createFormSchema } from '../lib/publication-form';
import { displayUrl, managePublicationPath } from '../paths';
import { PublicationTextFields } from './publication-text-fields';

/**
 * A new team publication, its creator its owner. The address is checked with the server's own
 * schema as it is typed once the form was sent; a taken address comes back beside its field. On
 * success the new publication's page opens, to invite its writers.
 */
export function NewPublicationForm() {
  const site = useSite();
  const navigate = useNavigate();
  const form = useZodForm({
    schema: createFormSchema,
    initialValues: { slug: '', name: '', description: '', accentColor: '' },
    submit: async (input) => {
      const result = await createPublication(input);
      if (!result.ok) return result.error;
      void navigate(managePublicationPath(result.data.slug), {
        state: { notice: `${result.data.name} is created. Invite the people who will write in it.` },
      });
      return null;
    },
  });
  const preview = publicationSiteUrl(site, {
    slug: form.values.slug.trim().toLowerCase() || 'your-address',
    domain: null,
  });

  return (
    <form className="form publication-form" noValidate onSubmit={form.onSubmit}>
      <TextField
        label="Address"
        name="slug"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={SLUG_MAX}
        hint="Lower-case letters, digits and hyphens. It cannot change later."
        value={form.values.slug}
        onValueChange={(value) => form.setValue('slug', value)}
        error={form.errors.slug}
      />
      <p className="publication-form__preview">
        Its site: <strong>{displayUrl(preview)}</strong>
      </p>
      <PublicationTextFields form={form} />
      <SubmitButton pending={form.pending} pendingLabel="Creating…">
        Create publication
      </SubmitButton>
      <FormError message={form.formError} />
    </form>
  );
}
