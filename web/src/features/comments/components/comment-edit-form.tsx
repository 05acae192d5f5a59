import { useEffect, useRef, useState } from 'react';
import { commentEditSchema, type Comment } from '../../../../../contracts/comments';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { editComment } from '../api/edit-comment';
import { getComment } from '../api/get-comment';

export interface CommentEditFormProps {
  commentId: string;
  onSaved: (comment: Comment) => void;
  onCancel: () => void;
}

/** Issue 12 §2: the author rewrites their comment in place; the Markdown comes from the API. */
export function CommentEditForm({ commentId, onSaved, onCancel }: CommentEditFormProps) {
  const [body, setBody] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void getComment(commentId).then((result) => {
      if (!live) return;
      if (result.ok) setBody(result.data.response.body);
      else setLoadError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [commentId]);

  if (loadError !== null) return <FormError message={loadError} />;
  if (body === null) {
    return (
      <p className="comment-edit__loading" role="status">
        <Spinner /> Loading the comment…
      </p>
    );
  }
  return <LoadedEditForm commentId={commentId} body={body} onSaved={onSaved} onCancel={onCancel} />;
}

function LoadedEditForm({ commentId, body, onSaved, onCancel }: CommentEditFormProps & { body: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useZodForm({
    schema: commentEditSchema,
    initialValues: { body },
    submit: async (input) => {
      const result = await editComment(commentId, input);
      if (!result.ok) return result.error;
      onSaved(result.data.response);
      return null;
    },
  });

  useEffect(() => {
    formRef.current?.querySelector('textarea')?.focus();
  }, []);

  return (
    <div className="comment-form comment-form--edit">
      <form ref={formRef} noValidate onSubmit={form.onSubmit}>
        <TextAreaField
          label="Edit your comment"
          name="body"
          rows={3}
          value={form.values.body}
          onValueChange={(value) => form.setValue('body', value)}
          error={form.errors.body}
        />
        <div className="comment-form__actions">
          <button className="button button--secondary" type="button" onClick={onCancel}>
            Cancel
          </button>
          <SubmitButton pending={form.pending} pendingLabel="Saving…">
            Save
          </SubmitButton>
        </div>
      </form>
      <FormError message={form.formError} />
    </div>
  );
}
