import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { Comment } from '../../../../../contracts/comments';
import type { Page } from '../../../../../contracts/posts';
import { dataPath, DATA_PATHS } from '../../../lib/data-routes';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Skeleton } from '../../../components/ui/skeleton';
import type { ApiResult } from '../../../lib/api-client';
import { Loaded, type Deferred } from '../../../lib/loaded';
import { withNext } from '../../../lib/safe-next-path';
import { useViewer } from '../../auth';
import { LoadMore } from '../../../components/ui/load-more';
import { useMorePages } from '../../../components/ui/use-more-pages';
import type { CommentView, PostView } from '../../../lib/post-summary';
import { readPostPath } from '../../../lib/paths';
import { deleteComment } from '../api/delete-comment';
import { blockUser, moderateComment, setCommentsClosed } from '../api/author-moderation';
import '../author-moderation.css';
import { CommentItem } from './comment-item';
import type { ReplyTarget } from './comment-form';
import { AppLink } from '../../../components/ui/app-link';
import { loadReportDialog } from '../../moderation';

// The form carries the validation library: only a signed-in reader, who can comment, downloads it.
const CommentForm = lazy(async () => ({ default: (await import('./comment-form')).CommentForm }));
// Only a reader who reports a comment downloads the report form.
const ReportDialog = lazy(async () => ({
  default: await loadReportDialog(),
}));
// And only a reader who deletes a comment downloads the confirmation dialog.
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../components/ui/confirm-dialog')).ConfirmDialog,
}));

export interface DiscussionProps {
  id: string;
  post: PostView;
  /** The first page of comments, from the read page's loader. */
  comments: Deferred<ApiResult<Page<CommentView>>>;
  /** +1 or −1, so the post's 'Discuss' count stays the real number (PRODUCT fix 6). */
  onCountChange: (delta: number) => void;
  /** Comments written elsewhere on the page (on a passage of the post), newest last. */
  addedElsewhere: Comment[];
  /** The author closed or opened comments here: the passages' box follows (decision 0077). */
  onClosedChange?: (closed: boolean) => void;
}

/**
 * Issue 4 §1: the discussion under a post, oldest first, page by page. Signed-in readers add to it;
 * visitors get a sign-in link that brings them back here. A comment can be deleted by its author
 * and by the post's author (the server enforces the same rule).
 */
export function Discussion({
  id,
  post,
  comments,
  onCountChange,
  addedElsewhere,
  onClosedChange,
}: DiscussionProps) {
  const viewer = useViewer();
  const viewerId = viewer.user?.id || null;
  const revalidator = useRevalidator();
  const sectionRef = useRef<HTMLElement>(null);
  // Comments added here while older pages are still unread: they are the newest, so they are
  // shown after the "Show more" button, and dropped from here once the pages reach them.
  const [added, setAdded] = useState<Comment[]>([]);
  const [addedReplies, setAddedReplies] = useState<Comment[]>([]);
  const [edited, setEdited] = useState<ReadonlyMap<string, Comment>>(new Map());
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  // Deleted top-level comments that keep their replies: shown as "[deleted]".
  const [tombstones, setTombstones] = useState<ReadonlySet<string>>(new Set());
  const [replyingTo, setReplyingTo] = useState<ReplyTarget | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [toDelete, setToDelete] = useState<{ comment: CommentView; replies: number } | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  // Said by a live region that is always there, so screen readers hear each change.
  const [announcement, setAnnouncement] = useState('');

  // A shared link to the discussion (…#discussion) lands on it once the post is shown.
  useEffect(() => {
    if (window.location.hash === `#${id}`) sectionRef.current?.scrollIntoView();
  }, [id]);

  const canDelete = (comment: CommentView) =>
    viewerId !== null && (comment.author?.id === viewerId || post.authorId === viewerId);
  // The post's author moderates their discussion (decision 0077); the server checks it again.
  const isPostAuthor = viewerId !== null && post.authorId === viewerId;
  const [closed, setClosed] = useState(post.commentsClosed === true);
  const [closing, setClosing] = useState(false);
  const [moderationError, setModerationError] = useState<string | null>(null);

  const toggleClosed = async () => {
    setClosing(true);
    setModerationError(null);
    const result = await setCommentsClosed(post.id, !closed);
    setClosing(false);
    if (!result.ok) {
      setModerationError(result.error.message);
      return;
    }
    setClosed(result.data.response.closed);
    onClosedChange?.(result.data.response.closed);
    setAnnouncement(result.data.response.closed ? 'Comments closed' : 'Comments opened');
  };

  const hideComment = async (comment: CommentView) => {
    setModerationError(null);
    const result = await moderateComment(comment.id, 'hide');
    if (!result.ok) {
      setModerationError(result.error.message);
      return;
    }
    // Gone for readers, and from the author's view too; its writer still sees it, marked.
    setRemoved((ids) => new Set([...ids, comment.id]));
    onCountChange(-1);
    setAnnouncement('Comment hidden');
    window.setTimeout(() => sectionRef.current?.focus({ preventScroll: true }), 0);
  };

  const blockCommenter = async (comment: CommentView) => {
    if (!comment.author) return;
    setModerationError(null);
    const result = await blockUser(comment.author.id);
    if (!result.ok) {
      setModerationError(result.error.message);
      return;
    }
    setAnnouncement(`${comment.author.username} can no longer comment on your posts`);
  };

  const repliesOf = (top: CommentView): CommentView[] => {
    const loaded = top.replies ?? [];
    const loadedIds = new Set(loaded.map((reply) => reply.id));
    return [
      ...loaded,
      ...addedReplies.filter((reply) => reply.parentId === top.id && !loadedIds.has(reply.id)),
    ]
      .filter((reply) => !removed.has(reply.id))
      .map((reply) => edited.get(reply.id) ?? reply);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeletePending(true);
    setDeleteError(null);
    const { comment: gone, replies } = toDelete;
    const result = await deleteComment(gone.id);
    setDeletePending(false);
    if (!result.ok) {
      console.error('Error deleting comment', result.error);
      setDeleteError(result.error.message);
      return;
    }
    setToDelete(null);
    setAnnouncement('Comment deleted');
    if (gone.parentId === null && replies > 0) {
      // The server keeps it as "[deleted]" for its replies; it still counts.
      setTombstones((ids) => new Set([...ids, gone.id]));
    } else {
      const alsoGone = gone.parentId !== null && tombstones.has(gone.parentId) && replies === 0;
      setRemoved((ids) => new Set([...ids, gone.id, ...(alsoGone && gone.parentId ? [gone.parentId] : [])]));
      onCountChange(alsoGone ? -2 : -1);
    }
    // The button that opened the dialog is gone with its comment; the discussion is the next best place.
    window.setTimeout(() => sectionRef.current?.focus({ preventScroll: true }), 0);
  };

  const itemFor = (comment: CommentView, replyParent: CommentView | null, siblings: number) => {
    const shown = edited.get(comment.id) ?? comment;
    const deleted = shown.deleted || tombstones.has(shown.id);
    const view: CommentView = deleted ? { ...shown, deleted: true, author: null, bodyHtml: '' } : shown;
    const top = replyParent ?? comment;
    const topDeleted = top.deleted || tombstones.has(top.id);
    const moderates = isPostAuthor && !deleted && view.author !== null && view.author.id !== viewerId;
    return (
      <CommentItem
        comment={view}
        canDelete={!deleted && canDelete(view)}
        canEdit={!deleted && viewerId !== null && view.author?.id === viewerId}
        onReply={
          viewer.status && !deleted && !topDeleted
            ? () =>
                setReplyingTo({
                  parentId: top.id,
                  username: view.author?.username ?? null,
                  handle: view.author?.handle ?? null,
                })
            : undefined
        }
        onDelete={() =>
          setToDelete({ comment: view, replies: replyParent ? siblings - 1 : repliesOf(comment).length })
        }
        onReport={
          viewerId !== null && !deleted && view.author?.id !== viewerId
            ? () => setReporting(view.id)
            : undefined
        }
        onEdited={(saved) => {
          setEdited((map) => new Map([...map, [saved.id, saved]]));
          setAnnouncement('Comment saved');
        }}
        onHide={moderates ? () => void hideComment(view) : undefined}
        onBlock={moderates ? () => void blockCommenter(view) : undefined}
      />
    );
  };

  const renderComment = (comment: CommentView) => {
    const replies = repliesOf(comment);
    return (
      <li key={comment.id} className="discussion__item">
        {itemFor(comment, null, 0)}
        {replies.length > 0 ? (
          <ol className="discussion__replies" aria-label={`Replies (${replies.length})`}>
            {replies.map((reply) => (
              <li key={reply.id} className="discussion__item">
                {itemFor(reply, comment, replies.length)}
              </li>
            ))}
          </ol>
        ) : null}
        {replyingTo?.parentId === comment.id ? (
          <Suspense fallback={<div className="comment-form comment-form--loading" aria-hidden="true" />}>
            <CommentForm
              key={`${comment.id}-${replyingTo.username ?? ''}`}
              postId={post.id}
              focusOnMount
              replyTo={replyingTo}
              onCancel={() => setReplyingTo(null)}
              onAdded={(reply) => {
                setAddedReplies((items) => [...items, reply]);
                setReplyingTo(null);
                // A held reply is not counted until the author approves it.
                if (reply.withheld === undefined) onCountChange(1);
                setAnnouncement('Reply posted');
              }}
            />
          </Suspense>
        ) : null}
      </li>
    );
  };

  const count = post.commentCount;

  return (
    <section id={id} ref={sectionRef} className="discussion" aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 id={`${id}-heading`} className="discussion__heading">
        Discussion <span className="discussion__count">({count.toLocaleString('en-US')})</span>
      </h2>

      <Loaded value={comments} fallback={<CommentsLoading count={count} />}>
        {(result) =>
          result.ok ? (
            <CommentThread
              first={result.data}
              postId={post.id}
              added={
                addedElsewhere.length > 0
                  ? [...added, ...addedElsewhere].sort((a, b) => (a.id < b.id ? -1 : 1))
                  : added
              }
              removed={removed}
              renderComment={renderComment}
            />
          ) : (
            <ErrorRetry message={result.error.message} onRetry={() => void revalidator.revalidate()} />
          )
        }
      </Loaded>

      {isPostAuthor ? (
        <p className="discussion__moderation">
          <button
            className="button button--secondary"
            type="button"
            disabled={closing}
            onClick={() => void toggleClosed()}
          >
            {closed ? 'Open comments' : 'Close comments'}
          </button>
        </p>
      ) : null}
      {moderationError !== null ? (
        <p className="form-error" role="alert">
          {moderationError}
        </p>
      ) : null}

      {closed && !isPostAuthor ? (
        <p className="discussion__closed">Comments are closed.</p>
      ) : viewer.status ? (
        <Suspense fallback={<div className="comment-form comment-form--loading" aria-hidden="true" />}>
          <CommentForm
            key={formKey}
            postId={post.id}
            focusOnMount={formKey > 0}
            onAdded={(comment) => {
              setAdded((items) => [...items, comment]);
              // A held comment is not counted until the author approves it.
              if (comment.withheld === undefined) onCountChange(1);
              setAnnouncement(
                comment.withheld === 'held'
                  ? "Comment posted, awaiting the author's approval"
                  : 'Comment posted',
              );
              // A fresh form: useZodForm keeps a successful form pending, which suits pages that
              // navigate away; here the reader stays and may write again.
              setFormKey((key) => key + 1);
            }}
          />
        </Suspense>
      ) : (
        <p className={viewer.known ? 'discussion__signin' : 'discussion__signin when-signed-out'}>
          <AppLink to={withNext('/signin', readPostPath(post))}>Sign in</AppLink> to join the discussion.
        </p>
      )}

      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      {reporting !== null ? (
        <Suspense fallback={null}>
          <ReportDialog target={{ kind: 'comment', id: reporting }} onClose={() => setReporting(null)} />
        </Suspense>
      ) : null}

      {toDelete !== null ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
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
            <p>
              {toDelete.comment.parentId === null && toDelete.replies > 0
                ? 'Its text and your name will be removed; its replies stay, under “[deleted]”. This cannot be undone.'
                : 'The comment will be removed for good. This cannot be undone.'}
            </p>
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </section>
  );
}

interface CommentThreadProps {
  first: Page<CommentView>;
  postId: string;
  added: CommentView[];
  removed: ReadonlySet<string>;
  renderComment: (comment: CommentView) => ReactNode;
}

function CommentThread({ first, postId, added, removed, renderComment }: CommentThreadProps) {
  const list = useMorePages(first, dataPath(DATA_PATHS.comments, { postId }));
  const items = list.items.filter((comment) => !removed.has(comment.id));
  const loadedIds = new Set(list.items.map((comment) => comment.id));
  const newer = added.filter((comment) => !loadedIds.has(comment.id) && !removed.has(comment.id));

  return (
    <>
      {items.length === 0 && newer.length === 0 ? (
        <p className="discussion__empty">No comments yet. Start the discussion.</p>
      ) : null}
      {items.length > 0 ? <ol className="discussion__list">{items.map(renderComment)}</ol> : null}
      <LoadMore
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        moreError={list.moreError}
        loadMore={list.loadMore}
        label="Show more comments"
      />
      {newer.length > 0 ? <ol className="discussion__list">{newer.map(renderComment)}</ol> : null}
    </>
  );
}

function CommentsLoading({ count }: { count: number }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading comments…
      </p>
      {count > 0 ? (
        <div className="comment" aria-hidden="true">
          <div className="comment__header">
            <Skeleton className="skeleton--avatar-sm" />
            <Skeleton className="skeleton--text skeleton--w-25" />
          </div>
          <Skeleton className="skeleton--line" />
          <Skeleton className="skeleton--line skeleton--w-60" />
        </div>
      ) : null}
    </div>
  );
}
