import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Comment } from '../../../../../contracts/comments';
import type { PassageAnchor } from '../../../../../contracts/passage-anchor';
import { AppLink } from '../../../components/ui/app-link';
import { withNext } from '../../../lib/safe-next-path';
import { readPostPath } from '../../../lib/paths';
import { CommentHeader, loadCommentForm } from '../../comments';
import type { PostView } from '../../../lib/post-summary';
import type { PassageChoice } from '../lib/passages';

// The form carries the validation library: only a reader who writes downloads it.
const CommentForm = lazy(async () => ({
  default: await loadCommentForm(),
}));

export type PassageSheetContent =
  /** The comments on one marked passage, and the box to add another. */
  | { kind: 'thread'; anchor: PassageAnchor; comments: Comment[] }
  /** A new in-line comment: on the reader's selection, or on a passage chosen from a list. */
  | { kind: 'compose'; anchor: PassageAnchor | null; choices: PassageChoice[] };

export interface PassageSheetProps {
  content: PassageSheetContent;
  post: PostView;
  signedIn: boolean;
  /** The post's comments are closed: its passages' comments are shown, with no box to add one. */
  closed: boolean;
  onAdded: (comment: Comment) => void;
  onClose: () => void;
}

/**
 * In-line comments in a native modal <dialog> (focus kept inside, Escape closes, focus goes back
 * to what opened it): beside the text on a wide screen, a sheet from the bottom on a phone
 * (passages.css).
 */
export function PassageSheet({ content, post, signedIn, closed, onAdded, onClose }: PassageSheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const choiceId = useId();
  const [choice, setChoice] = useState(0);
  const anchor =
    content.kind === 'thread' ? content.anchor : (content.anchor ?? content.choices[choice]?.anchor);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus({ preventScroll: true });
    };
  }, []);

  const count = content.kind === 'thread' ? content.comments.length : 0;
  const title =
    content.kind === 'thread'
      ? `${count.toLocaleString('en-US')} ${count === 1 ? 'comment' : 'comments'} on this passage`
      : 'Comment on a passage';

  return (
    <dialog
      ref={ref}
      className="passage-sheet"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="passage-sheet__header">
        <h2 id={titleId} className="passage-sheet__title">
          {title}
        </h2>
        <button type="button" className="passage-sheet__close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>

      {content.kind === 'compose' && content.anchor === null ? (
        content.choices.length > 0 ? (
          <div className="passage-sheet__choose">
            <label htmlFor={choiceId}>Passage</label>
            <select id={choiceId} value={choice} onChange={(event) => setChoice(Number(event.target.value))}>
              {content.choices.map((option, index) => (
                <option key={index} value={index}>
                  {option.label}
                </option>
              ))}
            </select>
            <p className="passage-sheet__hint">Or select words in the post to quote just those.</p>
          </div>
        ) : (
          <p>This post has no text to quote.</p>
        )
      ) : null}

      {anchor ? (
        <blockquote className="passage-sheet__quote" aria-label="Quoted passage">
          {anchor.quote}
        </blockquote>
      ) : null}

      {content.kind === 'thread' ? (
        <ol className="passage-sheet__comments">
          {content.comments.map((comment) => (
            <li key={comment.id}>
              <PassageComment comment={comment} />
            </li>
          ))}
        </ol>
      ) : null}

      {!anchor ? null : closed ? (
        <p className="passage-sheet__closed">Comments are closed on this post.</p>
      ) : signedIn ? (
        <Suspense fallback={<div className="comment-form comment-form--loading" aria-hidden="true" />}>
          <CommentForm
            // A fresh form after each comment: the posted one stays in the list above.
            key={`${anchor.quote}\u0000${count}`}
            postId={post.id}
            anchor={anchor}
            label={content.kind === 'thread' ? 'Add a comment on this passage' : 'Your comment'}
            focusOnMount={content.kind === 'compose' && content.anchor !== null}
            onAdded={onAdded}
          />
        </Suspense>
      ) : (
        <p className="passage-sheet__signin">
          <AppLink to={withNext('/signin', readPostPath(post))}>Sign in</AppLink> to comment on this passage.
        </p>
      )}
    </dialog>
  );
}

function PassageComment({ comment }: { comment: Comment }) {
  const author = comment.author;
  if (!author) return null;
  return (
    <article className="comment" aria-label={`Comment by ${author.username}`}>
      <CommentHeader author={author} createdAt={comment.createdAt} editedAt={comment.editedAt} />
      {/* Rendered and sanitized on the server, as in the discussion. */}
      <div className="markdown prose comment__body" dangerouslySetInnerHTML={{ __html: comment.bodyHtml }} />
    </article>
  );
}
