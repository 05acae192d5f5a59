import { useCallback, useEffect, useRef } from 'react';
import { commentInputSchema, type Comment } from '../../../../../contracts/comments';
import type { PassageAnchor } from '../../../../../contracts/passage-anchor';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { addComment } from '../api/add-comment';
import { useMentionSuggestions } from './mention-suggestions';

/** Whom a reply answers: named in the label, mentioned by handle (a name may hold a space). */
export interface ReplyTarget {
  parentId: string;
  username: string | null;
  handle: string | null;
}

export interface CommentFormProps {
  postId: string;
  onAdded: (comment: Comment) => void;
  /** After a comment was posted the form is new; focus stays in it for the next one. */
  focusOnMount: boolean;
  /** A reply: the top-level comment it answers, and whom it answers (the label and a first `@handle`). */
  replyTo?: ReplyTarget;
  /** An in-line comment: the passage it quotes (issue 12 §1). */
  anchor?: PassageAnchor;
  /** The field's label, where the form's place does not already say it. */
  label?: string;
  onCancel?: () => void;
}

/** The box to add to the discussion: the shared comment rule under the field, SPEC §8 errors under the form. */
export function CommentForm({
  postId,
  onAdded,
  focusOnMount,
  replyTo,
  anchor,
  label: givenLabel,
  onCancel,
}: CommentFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const initialValues: Record<string, string> = replyTo
    ? { postId, parentId: replyTo.parentId, body: replyTo.handle ? `@${replyTo.handle} ` : '' }
    : { postId, body: '' };
  const form = useZodForm({
    schema: commentInputSchema,
    initialValues,
    submit: async (input) => {
      const result = await addComment(anchor ? { ...input, anchor } : input);
      if (!result.ok) return result.error;
      onAdded(result.data.response);
      return null;
    },
  });

  const field = useCallback(() => formRef.current?.querySelector('textarea') ?? null, []);
  const body = form.values.body ?? '';
  const setBody = (value: string) => form.setValue('body', value);
  const mentions = useMentionSuggestions({ postId, value: body, setValue: setBody, field });

  useEffect(() => {
    if (!focusOnMount) return;
    const field = formRef.current?.querySelector('textarea');
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, [focusOnMount]);

  const label =
    givenLabel ??
    (replyTo ? `Reply${replyTo.username ? ` to ${replyTo.username}` : ''}` : 'Add to the discussion');
  return (
    <div className={replyTo ? 'comment-form comment-form--reply' : 'comment-form'}>
      <form ref={formRef} noValidate onSubmit={form.onSubmit}>
        <div className="mention-anchor">
          <TextAreaField
            {...mentions.fieldProps}
            label={label}
            name="body"
            rows={3}
            placeholder={replyTo ? 'Your reply. Markdown works.' : 'What are your thoughts? Markdown works.'}
            value={body}
            onValueChange={(value) => {
              setBody(value);
              mentions.follow(value);
            }}
            error={form.errors.body}
          />
          {mentions.listbox}
        </div>
        <div className="comment-form__actions">
          {onCancel ? (
            <button className="button button--secondary" type="button" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
          <SubmitButton pending={form.pending} pendingLabel="Posting…">
            {replyTo ? 'Reply' : 'Comment'}
          </SubmitButton>
        </div>
      </form>
      <FormError message={form.formError} />
    </div>
  );
}
