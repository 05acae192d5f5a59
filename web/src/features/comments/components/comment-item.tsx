import { AvatarInitial } from '../../../components/ui/avatar-initial';
import { LocalDate } from '../../../components/ui/local-date';
import type { CommentView } from '../../posts/post-summary';
import { profilePath } from '../../posts/paths';
import { AppLink } from '../../../components/ui/app-link';

export interface CommentItemProps {
  comment: CommentView;
  canDelete: boolean;
  onDelete: () => void;
}

/** One comment: the author's initial and name (to their profile), the date, the body as safe Markdown. */
export function CommentItem({ comment, canDelete, onDelete }: CommentItemProps) {
  return (
    <article className="comment" aria-label={`Comment by ${comment.author.username}`}>
      <header className="comment__header">
        <AvatarInitial name={comment.author.username} size="sm" />
        <AppLink className="comment__author" to={profilePath(comment.author.id)}>
          {comment.author.username}
        </AppLink>
        <LocalDate className="comment__date" iso={comment.createdAt} />
        {canDelete ? (
          <button
            className="comment__delete"
            type="button"
            aria-label={`Delete comment by ${comment.author.username}`}
            onClick={onDelete}
          >
            Delete
          </button>
        ) : null}
      </header>
      {/* Rendered and sanitized on the server; its headings start at h3, under the discussion's h2. */}
      <div className="markdown prose comment__body" dangerouslySetInnerHTML={{ __html: comment.bodyHtml }} />
    </article>
  );
}
