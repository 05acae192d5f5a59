import { useCallback, useState } from 'react';
import type { CommentAction, HeldComment } from '../../../../../contracts/author-moderation';
import type { Page } from '../../../../../contracts/posts';
import { AppLink } from '../../../components/ui/app-link';
import { LoadMore } from '../../../components/ui/load-more';
import { ResourceView } from '../../../components/ui/resource-view';
import type { ApiResult } from '../../../lib/api-client';
import { PageHead } from '../../../lib/head/page-head';
import { useFetchedPages } from '../../../lib/use-fetched-pages';
import { readPostPath } from '../../../lib/paths';
import { getHeldComments, getHiddenComments, moderateComment } from '../api/author-moderation';
import { CommentHeader } from '../components/comment-item';
// Not comments.css: importing it here too would split it out of the read page's own CSS file (one
// more request, +0.3 KB gzip on /readblog's first load); the queue styles what it shows itself.
import '../author-moderation.css';

/** One list of comments under the writer's posts, page by page, from which an action removes one. */
function useQueue(
  readPage: (cursor: string | null, signal?: AbortSignal) => Promise<ApiResult<Page<HeldComment>>>,
) {
  const pages = useFetchedPages(readPage);
  const { update } = pages;
  const remove = useCallback(
    (id: string) =>
      update((page) => ({ ...page, response: page.response.filter((item) => item.comment.id !== id) })),
    [update],
  );
  return { ...pages, remove };
}

interface ActionButton {
  action: CommentAction;
  label: string;
  primary: boolean;
}

const HELD_ACTIONS: ActionButton[] = [
  { action: 'approve', label: 'Approve', primary: true },
  { action: 'reject', label: 'Reject', primary: false },
];
const HIDDEN_ACTIONS: ActionButton[] = [{ action: 'show', label: 'Show again', primary: false }];
const DONE: Partial<Record<CommentAction, string>> = {
  approve: 'Comment approved',
  reject: 'Comment rejected',
  show: 'Comment shown again',
};

/**
 * /comments/held, behind RequireAccount (decision 0077): comments by first-time commenters on the
 * writer's posts (and their publications' posts), oldest first, each approved or rejected here;
 * then the comments the writer hid there, each to show again. The writer's own, so it is rendered
 * in the browser.
 */
export function HeldCommentsPage() {
  const held = useQueue(getHeldComments);
  const hidden = useQueue(getHiddenComments);
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const decide = async (line: HeldComment, action: CommentAction, from: ReturnType<typeof useQueue>) => {
    setPending(line.comment.id);
    setFailure(null);
    const result = await moderateComment(line.comment.id, action);
    setPending(null);
    if (!result.ok) {
      setFailure(result.error.message);
      return;
    }
    from.remove(line.comment.id);
    setAnnouncement(DONE[action] ?? 'Done');
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
      <QueueList
        state={held}
        actions={HELD_ACTIONS}
        pending={pending}
        onAction={(line, action) => void decide(line, action, held)}
        empty={
          <div className="empty-state">
            <h2>Nothing awaits your approval</h2>
            <p>When a comment waits for you, it shows here and in your notifications.</p>
          </div>
        }
      />
      <section className="held-comments__hidden" aria-labelledby="hidden-comments-heading">
        <h2 id="hidden-comments-heading">Comments you hid</h2>
        <p className="held-comments__lead">
          Hidden from everyone but their writers. Show one again and every reader sees it.
        </p>
        <QueueList
          state={hidden}
          actions={HIDDEN_ACTIONS}
          pending={pending}
          onAction={(line, action) => void decide(line, action, hidden)}
          empty={<p className="held-comments__none">You have hidden no comments.</p>}
        />
      </section>
    </div>
  );
}

function QueueList({
  state: { resource, reload, more, showMore },
  actions,
  pending,
  onAction,
  empty,
}: {
  state: ReturnType<typeof useQueue>;
  actions: ActionButton[];
  pending: string | null;
  onAction: (line: HeldComment, action: CommentAction) => void;
  empty: React.ReactNode;
}) {
  return (
    <ResourceView resource={resource} reload={reload} loadingLabel="Loading comments">
      {({ response: lines, nextCursor }) =>
        lines.length === 0 ? (
          empty
        ) : (
          <>
            <ol className="held-comments__list">
              {lines.map((line) => (
                <li key={line.comment.id} className="held-comments__item">
                  <article
                    className="comment"
                    aria-label={`Comment by ${line.comment.author?.username ?? ''}`}
                  >
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
                    {line.comment.anchor ? (
                      <p className="comment__quote">{line.comment.anchor.quote}</p>
                    ) : null}
                    <div
                      className="markdown prose comment__body"
                      // Rendered and sanitized on the server, as in the discussion.
                      dangerouslySetInnerHTML={{ __html: line.comment.bodyHtml }}
                    />
                    <div className="held-comments__actions">
                      {actions.map((button) => (
                        <button
                          key={button.action}
                          className={`button ${button.primary ? 'button--primary' : 'button--secondary'}`}
                          type="button"
                          disabled={pending === line.comment.id}
                          aria-label={`${button.label} comment by ${line.comment.author?.username ?? ''}`}
                          onClick={() => onAction(line, button.action)}
                        >
                          {button.label}
                        </button>
                      ))}
                    </div>
                  </article>
                </li>
              ))}
            </ol>
            <LoadMore
              hasMore={nextCursor !== null}
              loadingMore={more.loading}
              moreError={more.error}
              loadMore={showMore}
              label="Show more"
            />
          </>
        )
      }
    </ResourceView>
  );
}
