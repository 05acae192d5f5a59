import { lazy, Suspense, useState } from 'react';
import type { Comment, CommentRemote } from '../../../../../contracts/comments';
import type { Author } from '../../../../../contracts/posts';
import { Avatar } from '../../../components/ui/avatar';
import { LocalDate } from '../../../components/ui/local-date';
import type { CommentView } from '../../../lib/post-summary';
import { profilePath } from '../../../lib/paths';
import { AppLink } from '../../../components/ui/app-link';

/** Issue 12 §2: what a deleted comment kept for its replies shows. Not imported from contracts/comments, which carries Zod. */
const DELETED_COMMENT_LABEL = '[deleted]';

// Only an author who edits downloads the form and its validation library.
const CommentEditForm = lazy(async () => ({
  default: (await import('./comment-edit-form')).CommentEditForm,
}));

export interface CommentItemProps {
  comment: CommentView;
  canDelete: boolean;
  canEdit: boolean;
  /** Absent when the reader cannot reply (signed out, or a deleted comment). */
  onReply?: (() => void) | undefined;
  onDelete: () => void;
  /** Absent when the reader cannot report it (signed out, or their own comment). */
  onReport?: (() => void) | undefined;
  onEdited: (comment: Comment) => void;
  /** The post's author's own moderation (decision 0077): absent for everyone else. */
  onHide?: (() => void) | undefined;
  onBlock?: (() => void) | undefined;
}

/**
 * One comment: the author's initial and name (to their profile), the date, "edited" when it was,
 * the body as safe Markdown (mentions are links), and what the reader may do with it. A deleted
 * comment kept for its replies shows "[deleted]" and nothing else.
 */
export function CommentItem({
  comment,
  canDelete,
  canEdit,
  onReply,
  onDelete,
  onReport,
  onEdited,
  onHide,
  onBlock,
}: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const author = comment.author;
  if (comment.deleted || author === null) {
    return (
      <article className="comment comment--deleted" aria-label="Deleted comment">
        <p className="comment__deleted">{DELETED_COMMENT_LABEL}</p>
      </article>
    );
  }
  return (
    <article className="comment" aria-label={`Comment by ${author.username}`}>
      <CommentHeader
        author={author}
        createdAt={comment.createdAt}
        editedAt={comment.editedAt}
        remote={comment.remote}
      />
      {comment.hidden ? <p className="notice">Hidden by the operators: only you see it.</p> : null}
      {comment.withheld === 'held' ? (
        <p className="notice">Awaiting the author's approval: only you see it for now.</p>
      ) : comment.withheld === 'hidden' ? (
        <p className="notice">Hidden by the post's author: only you see it.</p>
      ) : null}
      {comment.anchor ? (
        comment.anchor.found ? (
          // The passage layer (features/passages) scrolls to the passage on a click.
          <button type="button" className="comment__quote" data-passage-for={comment.id}>
            <span className="visually-hidden">On the passage: </span>
            {comment.anchor.quote}
          </button>
        ) : (
          <p className="comment__quote comment__quote--earlier">
            <span className="comment__quote-note">On an earlier version of the post: </span>
            {comment.anchor.quote}
          </p>
        )
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <CommentEditForm
            commentId={comment.id}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              setEditing(false);
              onEdited(saved);
            }}
          />
        </Suspense>
      ) : (
        // Rendered and sanitized on the server; its headings start at h3, under the discussion's h2.
        <div
          className="markdown prose comment__body"
          dangerouslySetInnerHTML={{ __html: comment.bodyHtml }}
        />
      )}
      {!editing && (onReply || canEdit || canDelete || onReport || onHide || onBlock) ? (
        <div className="comment__actions">
          {onReply ? (
            <button
              className="comment__action"
              type="button"
              aria-label={`Reply to ${author.username}`}
              onClick={onReply}
            >
              Reply
            </button>
          ) : null}
          {canEdit ? (
            <button
              className="comment__action"
              type="button"
              aria-label={`Edit comment by ${author.username}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
          ) : null}
          {onReport ? (
            <button
              className="comment__action"
              type="button"
              aria-label={`Report comment by ${author.username}`}
              onClick={onReport}
            >
              Report
            </button>
          ) : null}
          {onHide ? (
            <button
              className="comment__action"
              type="button"
              aria-label={`Hide comment by ${author.username}`}
              onClick={onHide}
            >
              Hide
            </button>
          ) : null}
          {onBlock ? (
            <button
              className="comment__action"
              type="button"
              aria-label={`Block ${author.username} from commenting on your posts`}
              onClick={onBlock}
            >
              Block commenter
            </button>
          ) : null}
          {canDelete ? (
            <button
              className="comment__action comment__delete"
              type="button"
              aria-label={`Delete comment by ${author.username}`}
              onClick={onDelete}
            >
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** Who wrote a comment and when, and whether it was edited: in the discussion and beside a passage. */
export function CommentHeader({
  author,
  createdAt,
  editedAt,
  remote,
}: {
  author: Author;
  createdAt: string;
  editedAt: string | null;
  /** A comment from the social web (decision 0084): its author's name and picture there, and the original. */
  remote?: CommentRemote | undefined;
}) {
  if (remote) {
    return (
      <header className="comment__header">
        <Avatar name={remote.name ?? remote.handle.slice(1)} image={remote.pictureUrl} size="sm" />
        {remote.profileUrl ? (
          <a className="comment__author" href={remote.profileUrl} rel="nofollow noopener ugc">
            {remote.name ?? remote.handle}
          </a>
        ) : (
          <span className="comment__author">{remote.name ?? remote.handle}</span>
        )}
        {remote.name ? <span className="comment__handle">{remote.handle}</span> : null}
        <LocalDate className="comment__date" iso={createdAt} />
        {editedAt ? <span className="comment__edited">· edited</span> : null}
        {remote.url ? (
          <a className="comment__original" href={remote.url} rel="nofollow noopener ugc">
            View on the social web
          </a>
        ) : null}
      </header>
    );
  }
  return (
    <header className="comment__header">
      <Avatar name={author.username} picture={author.picture} size="sm" />
      <AppLink className="comment__author" to={profilePath(author)}>
        {author.username}
      </AppLink>
      <LocalDate className="comment__date" iso={createdAt} />
      {editedAt ? (
        <span className="comment__edited">
          · edited <LocalDate iso={editedAt} className="visually-hidden" />
        </span>
      ) : null}
    </header>
  );
}
