import { useRef, type KeyboardEvent } from 'react';
import { postInputSchema, type PostInput } from '../../../../../contracts/posts';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import type { ApiFailure } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';

export interface PostFormProps {
  initialValues: PostInput;
  /** 'Publish' or 'Update' (SPEC §2, with PRODUCT fix 1's spelling). */
  submitLabel: string;
  pendingLabel: string;
  /** Resolves with a failure to show, or null once it is navigating away. */
  submit: (input: PostInput) => Promise<ApiFailure | null>;
}

const MARKDOWN_HINT = 'Markdown works: **bold**, _italic_, [links](https://…), lists, > quotes and `code`.';

/**
 * The editor of /addblog and /updateblog (SPEC §2): two textareas that grow with their content,
 * the shared rule 'Blog content is required' under each (SPEC §5), the SPEC §8 line under the form,
 * and a submit button replaced by a loading button while the request is on its way.
 */
export function PostForm({ initialValues, submitLabel, pendingLabel, submit }: PostFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useZodForm({ schema: postInputSchema, initialValues, submit });

  // A title is one line: Enter moves on to the content instead of breaking it.
  const onTitleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const content = formRef.current?.elements.namedItem('content');
    if (content instanceof HTMLTextAreaElement) content.focus();
  };

  return (
    <div className="post-form">
      <form ref={formRef} className="post-form__form" noValidate onSubmit={form.onSubmit}>
        <TextAreaField
          label="Title"
          name="title"
          rows={1}
          placeholder="Title"
          inputClassName="post-form__title"
          value={form.values.title}
          // Pasted line breaks would be invisible in the one-line title; they become spaces.
          onValueChange={(value) => form.setValue('title', value.replace(/\r?\n/g, ' '))}
          onKeyDown={onTitleKeyDown}
          error={form.errors.title}
        />
        <TextAreaField
          label="Content"
          name="content"
          rows={10}
          placeholder="Tell your story…"
          hint={MARKDOWN_HINT}
          inputClassName="post-form__content"
          value={form.values.content}
          onValueChange={(value) => form.setValue('content', value)}
          error={form.errors.content}
        />
        <div className="post-form__actions">
          <SubmitButton pending={form.pending} pendingLabel={pendingLabel}>
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
      <FormError message={form.formError} />
    </div>
  );
}
