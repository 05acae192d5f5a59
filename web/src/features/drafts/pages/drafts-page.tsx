import { useEffect, useState } from 'react';
import { PageHead } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOneTimeNotice } from '../../../lib/use-one-time-notice';
import { getDrafts } from '../api/get-drafts';
import type { StudioPost } from '../api/studio-post';
import { editPostPath } from '../paths';
import { draftState } from '../scheduled-notice';
import { CoauthorInvitations } from '../components/coauthor-invitations';
import '../../../styles/writing.css';
import '../drafts.css';

type DraftsState =
  { kind: 'loading' } | { kind: 'loaded'; posts: StudioPost[] } | { kind: 'failed'; message: string };

/**
 * /drafts: the writer's drafts and scheduled posts, newest change first, each
 * reopened in the editor. Only for its owner, so fetched in the browser with the token.
 */
export function DraftsPage() {
  const [state, setState] = useState<DraftsState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const notice = useOneTimeNotice();

  useEffect(() => {
    const controller = new AbortController();
    void getDrafts(controller.signal).then((result) => {
      if (result.ok) setState({ kind: 'loaded', posts: result.data.response });
      else if (result.error.kind !== 'aborted') setState({ kind: 'failed', message: result.error.message });
    });
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className="page page--narrow drafts-page">
      <PageHead title="Your drafts" noindex />
      <h1 className="editor-page__heading">Your drafts</h1>
      {notice ? <Notice>{notice}</Notice> : null}
      <CoauthorInvitations />
      {state.kind === 'loading' ? (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading your drafts…
          </p>
          <Skeleton className="skeleton--text skeleton--w-60" />
          <Skeleton className="skeleton--text skeleton--w-60" />
        </div>
      ) : state.kind === 'failed' ? (
        <ErrorRetry
          message={state.message}
          onRetry={() => {
            setState({ kind: 'loading' });
            setAttempt((value) => value + 1);
          }}
        />
      ) : state.posts.length === 0 ? (
        <div className="empty-state">
          <p>No drafts. Whatever you start writing is saved here as you go.</p>
          <p className="empty-state__actions">
            <AppLink className="button button--primary" to="/addblog">
              Write a post
            </AppLink>
          </p>
        </div>
      ) : (
        <ul className="drafts-list">
          {state.posts.map((post) => (
            <li key={post.id} className="drafts-list__item">
              <AppLink className="drafts-list__title" to={editPostPath(post.id)}>
                {post.title || 'Untitled'}
              </AppLink>
              <p className="drafts-list__meta">
                {draftState(post)}
                {' · '}
                {post.readingMinutes} min read · edited{' '}
                {new Date(post.updatedAt).toLocaleString('en-US', {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
