import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatPostDate } from '../../../../../contracts/dates';
import type { Post } from '../../../../../contracts/posts';
import { AvatarInitial } from '../../../components/ui/avatar-initial';
import { DocumentTitle } from '../../../components/ui/document-title';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { useSession } from '../../auth/use-session';
import { Discussion } from '../../comments/components/discussion';
import { usePost } from '../api/get-post';
import { DiscussCount } from '../components/discuss-count';
import { PostMenu } from '../components/post-menu';
import { PostNotFound } from '../components/post-not-found';
import { ReadPostSkeleton } from '../components/read-post-skeleton';
import { MarkdownContent, preloadMarkdown } from '../markdown/markdown-content';
import { profilePath } from '../paths';
import '../posts.css';

const DISCUSSION_ID = 'discussion';

/** /readblog?id=&name=: one post, its menu and its discussion (SPEC §2, issue 4 §1). */
export function ReadPostPage() {
  const [params] = useSearchParams();
  const id = params.get('id') || null;
  const { status, userData } = useSession();
  const post = usePost(id, status ? (userData?.id ?? '') : null);

  // The renderer's code downloads while the post is fetched, not after.
  useEffect(() => {
    preloadMarkdown().catch(() => {
      // MarkdownContent reports it and falls back to plain text.
    });
  }, []);

  if (id === null || (post.status === 'error' && post.error.status === 404)) return <PostNotFound />;

  return (
    <div className="page page--narrow read-post">
      {post.status === 'success' ? (
        <PostView post={post.data} onPostChange={post.setData} />
      ) : post.status === 'error' ? (
        <>
          <DocumentTitle title="Post" />
          <h1 className="visually-hidden">Post</h1>
          <ErrorRetry message={post.error.message} onRetry={post.retry} />
        </>
      ) : (
        <>
          <DocumentTitle title="Post" />
          <ReadPostSkeleton />
        </>
      )}
    </div>
  );
}

function PostView({ post, onPostChange }: { post: Post; onPostChange: (post: Post) => void }) {
  const [statusMessage, setStatusMessage] = useState('');
  const clearTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const announce = (message: string) => {
    setStatusMessage(message);
    window.clearTimeout(clearTimer.current);
    clearTimer.current = window.setTimeout(() => setStatusMessage(''), 5000);
  };

  // An in-page jump done by hand: a hash change would read to the router as a navigation.
  const jumpToDiscussion = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(DISCUSSION_ID);
    if (!target) return;
    event.preventDefault();
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    target.focus({ preventScroll: true });
  };

  return (
    <>
      <DocumentTitle title={post.title} />
      <article className="post" aria-labelledby="post-title">
        <header className="post__header">
          <h1 id="post-title" className="post__title">
            {post.title}
          </h1>
          <div className="post__byline">
            <AvatarInitial name={post.author.username} size="md" />
            <div className="post__byline-text">
              <Link className="post__author" to={profilePath(post.author.id)}>
                {post.author.username}
              </Link>
              <time className="post__date" dateTime={post.createdAt}>
                {formatPostDate(post.createdAt)}
              </time>
            </div>
            <PostMenu post={post} onPostChange={onPostChange} onStatus={announce} />
          </div>
          <p className="post__status" role="status">
            {statusMessage}
          </p>
        </header>
        <MarkdownContent markdown={post.content} className="prose post__content" placeholderLines={6} />
        <footer className="post__footer">
          <a className="post__discuss" href={`#${DISCUSSION_ID}`} onClick={jumpToDiscussion}>
            <DiscussCount count={post.commentCount} />
          </a>
          {post.favoriteCount > 0 ? (
            <span className="post__favorites">
              {post.favoriteCount.toLocaleString('en-US')}{' '}
              {post.favoriteCount === 1 ? 'favorite' : 'favorites'}
            </span>
          ) : null}
        </footer>
      </article>
      <Discussion
        id={DISCUSSION_ID}
        post={post}
        onCountChange={(delta) =>
          onPostChange({ ...post, commentCount: Math.max(0, post.commentCount + delta) })
        }
      />
    </>
  );
}
