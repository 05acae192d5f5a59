import { Link } from 'react-router';
import type { Comment } from '../../../../../contracts/comments';
import { formatPostDate } from '../../../../../contracts/dates';
import { AvatarInitial } from '../../../components/ui/avatar-initial';
import { MarkdownContent } from '../../posts/markdown/markdown-content';
import { profilePath } from '../../posts/paths';

export interface CommentItemProps {
  comment: Comment;
  canDelete: boolean;
  onDelete: () => void;
}

/** One comment: the author's initial and name (to their profile), the date, the body as safe Markdown. */
export function CommentItem({ comment, canDelete, onDelete }: CommentItemProps) {
  return (
    <article className="comment" aria-label={`Comment by ${comment.author.username}`}>
      <header className="comment__header">
        <AvatarInitial name={comment.author.username} size="sm" />
        <Link className="comment__author" to={profilePath(comment.author.id)}>
          {comment.author.username}
        </Link>
        <time className="comment__date" dateTime={comment.createdAt}>
          {formatPostDate(comment.createdAt)}
        </time>
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
      {/* The discussion is an h2; headings inside a comment start below it. */}
      <MarkdownContent
        markdown={comment.body}
        className="prose comment__body"
        headingOffset={3}
        placeholderLines={2}
      />
    </article>
  );
}
