import { useCallback, useEffect, useState } from 'react';
import type { HeldComment } from '../../../../../contracts/author-moderation';
import { AppLink } from '../../../components/ui/app-link';
import { ErrorRetry } from '../../../components/ui/error-retry';
import type { ApiFailure } from '../../../lib/api-client';
import { PageHead } from '../../../lib/head/page-head';
import { readPostPath } from '../../../lib/paths';
import { getHeldComments, moderateComment } from '../api/author-moderation';
import { CommentHeader } from '../components/comment-item';
// Not comments.css: importing it here too would split it out of the read page's own CSS file (one
// more request, +0.3 KB gzip on /readblog's first load); the queue styles what it shows itself.
import '../author-moderation.css';

interface QueueState {
  items: HeldComment[];
  nextCursor: string | null;
  loading: boolean;
  error: ApiFailure | null;
}

/**
 * /comments/held, behind RequireAccount (decision 0077): comments by first-time commenters on the
 * writer's posts (and their publications' posts), oldest first, each approved or rejected here.
 * The writer's own, so it is rendered in the browser.
 */
export function HeldCommentsPage() {
  const [queue, setQueue] = useState<QueueState>({ items: [], nextCursor: null, loading: true, error: null });
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const load = useCallback(async (cursor: string | null) => {
    setQueue((state) => ({ ...state, loading: true, error: null }));
    const result = await getHeldComments(cursor);
    setQueue((state) =>
      result.ok
        ? {
            items: cursor === null ? result.data.response : [...state.items, ...result.data.response],
            nextCursor: result.data.nextCursor,
            loading: false,
            error: null,
          }
        : { ...state, loading: false, error: result.error },
    );
  }, []);

  useEffect(() => {
    void load(null);
  }, [load]);

  const decide = async (line: HeldComment, action: 'approve' | 'reject') => {
    setPending(line.comment.id);
    setFailure(null);
    const result = await moderateComment(line.comment.id, action);
    setPending(null);
    if (!result.ok) {
      setFailure(result.error.message);
      return;
    }
    setQueue((state) => ({
      ...state,
      items: state.items.filter((item) => item.comment.id !== line.comment.id),
    }));
    setAnnouncement(action === 'approve' ? 'Comment approved' : 'Comment rejected');
  };

  return (
    <div className="page page--narrow held-comments">
      <PageHead title="Comments awaiting approval" noindex />
      <h1>Comments awaiting approval</h1>
      <p className="held-comments__lead">
        First-time commenters’ comments on your posts wait here until you approve them. No one else sees them
        until then. Change this in <AppLink to="/userupdate">Settings</AppLink>.
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {failure !== null ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      {queue.items.length > 0 ? (
        <ol className="held-comments__list">
          {queue.items.map((line) => (
            <li key={line.comment.id} className="held-comments__item">
              <article className="comment" aria-label={`Comment by ${line.comment.author?.username ?? ''}`}>
                <p className="held-comments__post">
                  On <AppLink to={readPostPath(line.post)}>{line.post.title}</AppLink>
                </p>
                {line.comment.author ? (
                  <CommentHeader
                    author={line.comment.author}
                    createdAt={line.comment.createdAt}
                    editedAt={line.comment.editedAt}
                    remote={line.comment.remote}
                  />
                ) : null}
                {line.comment.anchor ? <p className="comment__quote">{line.comment.anchor.quote}</p> : null}
                <div
                  className="markdown prose comment__body"
                  // Rendered and sanitized on the server, as in the discussion.
                  dangerouslySetInnerHTML={{ __html: line.comment.bodyHtml }}
                />
                <div className="held-comments__actions">
                  <button
                    className="button button--primary"
                    type="button"
                    disabled={pending === line.comment.id}
                    aria-label={`Approve comment by ${line.comment.author?.username ?? ''}`}
                    onClick={() => void decide(line, 'approve')}
                  >
                    Approve
                  </button>
                  <button
                    className="button button--secondary"
                    type="button"
                    disabled={pending === line.comment.id}
                    aria-label={`Reject comment by ${line.comment.author?.username ?? ''}`}
                    onClick={() => void decide(line, 'reject')}
                  >
                    Reject
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ol>
      ) : null}
      {queue.loading ? (
        <p role="status" className="held-comments__loading">
          Loading comments…
        </p>
      ) : null}
      {queue.error ? <ErrorRetry message={queue.error.message} onRetry={() => void load(null)} /> : null}
      {!queue.loading && !queue.error && queue.nextCursor !== null ? (
        <button
          className="button button--secondary"
          type="button"
          onClick={() => void load(queue.nextCursor)}
        >
          Show more
        </button>
      ) : null}
      {!queue.loading && !queue.error && queue.items.length === 0 ? (
        <div className="empty-state">
          <h2>Nothing awaits your approval</h2>
          <p>When a comment waits for you, it shows here and in your notifications.</p>
        </div>
      ) : null}
    </div>
  );
}
