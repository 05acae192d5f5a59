import { useEffect, useRef } from 'react';
import { commentInputSchema, type Comment } from '../../../../../contracts/comments';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { addComment } from '../api/add-comment';

export interface CommentFormProps {
  postId: string;
  onAdded: (comment: Comment) => void;
  /** After a comment was posted the form is new; focus stays in it for the next one. */
  focusOnMount: boolean;
}

/** The box to add to the discussion: the shared comment rule under the field, SPEC §8 errors under the form. */
export function CommentForm({ postId, onAdded, focusOnMount }: CommentFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useZodForm({
    schema: commentInputSchema,
    initialValues: { postId, body: '' },
    submit: async (input) => {
      const result = await addComment(input);
      if (!result.ok) return result.error;
      onAdded(result.data.response);
      return null;
    },
  });

  useEffect(() => {
    if (focusOnMount) formRef.current?.querySelector('textarea')?.focus();
  }, [focusOnMount]);

  return (
    <div className="comment-form">
      <form ref={formRef} noValidate onSubmit={form.onSubmit}>
        <TextAreaField
          label="Add to the discussion"
          name="body"
          rows={3}
          placeholder="What are your thoughts? Markdown works."
          value={form.values.body}
          onValueChange={(value) => form.setValue('body', value)}
          error={form.errors.body}
        />
        <div className="comment-form__actions">
          <SubmitButton pending={form.pending} pendingLabel="Posting…">
            Comment
          </SubmitButton>
        </div>
      </form>
      <FormError message={form.formError} />
    </div>
  );
}
