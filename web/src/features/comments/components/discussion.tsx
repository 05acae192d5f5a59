import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Comment } from '../../../../../contracts/comments';
import type { Post } from '../../../../../contracts/posts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Skeleton } from '../../../components/ui/skeleton';
import { withNext } from '../../../lib/safe-next-path';
import { useSession } from '../../auth/use-session';
import { LoadMore } from '../../posts/components/load-more';
import { usePagedList } from '../../posts/hooks/use-paged-list';
import { readPostPath } from '../../posts/paths';
import { deleteComment } from '../api/delete-comment';
import { getComments } from '../api/get-comments';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import '../comments.css';

export interface DiscussionProps {
  id: string;
  post: Post;
  /** +1 or −1, so the post's 'Discuss' count stays the real number (PRODUCT fix 6). */
  onCountChange: (delta: number) => void;
}

/**
 * Issue 4 §1: the discussion under a post, oldest first, page by page. Signed-in readers add to it;
 * visitors get a sign-in link that brings them back here. A comment can be deleted by its author
 * and by the post's author (the server enforces the same rule).
 */
export function Discussion({ id, post, onCountChange }: DiscussionProps) {
  const { status, userData } = useSession();
  const viewerId = status ? userData?.id || null : null;
  const sectionRef = useRef<HTMLElement>(null);
  const list = usePagedList(
    `comments:${post.id}`,
    (cursor, signal) => getComments(post.id, cursor, signal),
    'Error fetching comments',
  );
  // Comments added here while older pages are still unread: they are the newest, so they are
  // shown after the "Show more" button, and dropped from here once the pages reach them.
  const [added, setAdded] = useState<Comment[]>([]);
  const [formKey, setFormKey] = useState(0);
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // Said by a live region that is always there, so screen readers hear each change.
  const [announcement, setAnnouncement] = useState('');

  // A shared link to the discussion (…#discussion) lands on it once the post is shown.
  useEffect(() => {
    if (window.location.hash === `#${id}`) sectionRef.current?.scrollIntoView();
  }, [id]);

  const loadedIds = new Set(list.items.map((comment) => comment.id));
  const newer = added.filter((comment) => !loadedIds.has(comment.id));
  const canDelete = (comment: Comment) =>
    viewerId !== null && (comment.author.id === viewerId || post.authorId === viewerId);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeletePending(true);
    setDeleteError(null);
    const result = await deleteComment(toDelete.id);
    setDeletePending(false);
    if (!result.ok) {
      console.error('Error deleting comment', result.error);
      setDeleteError(result.error.message);
      return;
    }
    const goneId = toDelete.id;
    list.updateItems((items) => items.filter((comment) => comment.id !== goneId));
    setAdded((items) => items.filter((comment) => comment.id !== goneId));
    setToDelete(null);
    onCountChange(-1);
    setAnnouncement('Comment deleted');
    // The button that opened the dialog is gone with its comment; the discussion is the next best place.
    window.setTimeout(() => sectionRef.current?.focus({ preventScroll: true }), 0);
  };

  const renderComment = (comment: Comment) => (
    <li key={comment.id} className="discussion__item">
      <CommentItem comment={comment} canDelete={canDelete(comment)} onDelete={() => setToDelete(comment)} />
    </li>
  );

  const count = post.commentCount;

  return (
    <section id={id} ref={sectionRef} className="discussion" aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 id={`${id}-heading`} className="discussion__heading">
        Discussion <span className="discussion__count">({count.toLocaleString('en-US')})</span>
      </h2>

      {list.status === 'loading' ? (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading comments…
          </p>
          {count > 0 ? <CommentSkeleton /> : null}
        </div>
      ) : null}
      {list.status === 'error' && list.error ? (
        <ErrorRetry message={list.error.message} onRetry={list.retry} />
      ) : null}
      {list.status === 'ready' && list.items.length === 0 && newer.length === 0 ? (
        <p className="discussion__empty">No comments yet. Start the discussion.</p>
      ) : null}

      {list.items.length > 0 ? <ol className="discussion__list">{list.items.map(renderComment)}</ol> : null}
      <LoadMore
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        moreError={list.moreError}
        loadMore={list.loadMore}
        label="Show more comments"
      />
      {newer.length > 0 ? <ol className="discussion__list">{newer.map(renderComment)}</ol> : null}

      {status ? (
        <CommentForm
          key={formKey}
          postId={post.id}
          focusOnMount={formKey > 0}
          onAdded={(comment) => {
            setAdded((items) => [...items, comment]);
            onCountChange(1);
            setAnnouncement('Comment posted');
            // A fresh form: useZodForm keeps a successful form pending, which suits pages that
            // navigate away; here the reader stays and may write again.
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <p className="discussion__signin">
          <Link to={withNext('/signin', readPostPath(post))}>Sign in</Link> to join the discussion.
        </p>
      )}

      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this comment?"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={deletePending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleteError(null);
          setToDelete(null);
        }}
      >
        <p>The comment will be removed for good. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}

function CommentSkeleton() {
  return (
    <div className="comment" aria-hidden="true">
      <div className="comment__header">
        <Skeleton className="skeleton--avatar-sm" />
        <Skeleton className="skeleton--text skeleton--w-25" />
      </div>
      <Skeleton className="skeleton--line" />
      <Skeleton className="skeleton--line skeleton--w-60" />
    </div>
  );
}
