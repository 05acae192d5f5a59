import { useId } from 'react';
import { createApiKeySchema, type ApiKeyScope, type CreatedApiKey } from '../../../../../contracts/api-keys';
import { z } from '../../../../../contracts/zod';
import { FieldFrame } from '../../../components/ui/field-frame';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { createApiKey } from '../api/api-keys';

const SCOPES: { value: ApiKeyScope; label: string; detail: string }[] = [
  {
    value: 'read',
    label: 'Read',
    detail: 'Everything you can read when signed in, drafts included. For static-site builds and backups.',
  },
  {
    value: 'write',
    label: 'Read and write',
    detail: 'Also write, edit and delete posts, comment, follow and favorite as you.',
  },
];

const EXPIRIES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '366', label: 'One year' },
  { value: 'never', label: 'Never' },
] as const;

/** The form's text values, checked by the same rules as the server's, the expiry turned into days. */
const keyFormSchema = z.object({
  name: createApiKeySchema.shape.name,
  scope: createApiKeySchema.shape.scope,
  expiresInDays: z
    .enum(['30', '90', '366', 'never'], { error: 'Choose when the key expires' })
    .transform((value) => (value === 'never' ? null : Number(value))),
});

/** Names and scopes a new key; the parent shows its secret once it exists. */
export function ApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const scopeErrorId = useId();
  const form = useZodForm({
    schema: keyFormSchema,
    initialValues: { name: '', scope: 'read', expiresInDays: '90' },
    submit: async (input) => {
      const result = await createApiKey(input);
      if (!result.ok) return result.error;
      onCreated(result.data);
      return null;
    },
  });
  const scopeError = form.errors.scope;

  return (
    <>
      <form className="form" noValidate onSubmit={form.onSubmit} aria-label="Create an API key">
        <TextField
          label="Key name"
          name="name"
          hint="What will use it, so you know which key to revoke later."
          value={form.values.name}
          onValueChange={(value) => form.setValue('name', value)}
          error={form.errors.name}
          autoComplete="off"
        />
        <fieldset
          className="choice-group"
          aria-invalid={scopeError ? true : undefined}
          aria-describedby={scopeError ? scopeErrorId : undefined}
        >
          <legend className="choice-group__legend">What it may do</legend>
          {SCOPES.map((scope) => (
            <label className="choice" key={scope.value}>
              <input
                type="radio"
                name="scope"
                value={scope.value}
                checked={form.values.scope === scope.value}
                onChange={() => form.setValue('scope', scope.value)}
              />
              <span>
                <strong>{scope.label}</strong>
                <span className="choice__detail">{scope.detail}</span>
              </span>
            </label>
          ))}
          {scopeError ? (
            <p className="field__error" id={scopeErrorId}>
              {scopeError}
            </p>
          ) : null}
        </fieldset>
        <FieldFrame label="Expires after" error={form.errors.expiresInDays}>
          {(control) => (
            <select
              {...control}
              className="field__input"
              name="expiresInDays"
              value={form.values.expiresInDays}
              onChange={(event) => form.setValue('expiresInDays', event.target.value)}
            >
              {EXPIRIES.map((expiry) => (
                <option key={expiry.value} value={expiry.value}>
                  {expiry.label}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <SubmitButton pending={form.pending} pendingLabel="Creating…">
          Create key
        </SubmitButton>
      </form>
      <FormError message={form.formError} />
    </>
  );
}
