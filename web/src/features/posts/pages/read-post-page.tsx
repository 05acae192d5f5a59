import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { Comment } from '../../../../../contracts/comments';
import { useLoaderData, useRevalidator } from 'react-router';
import { PageHead, useSite } from '../../../lib/head/page-head';
import { Avatar } from '../../../components/ui/avatar';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { HydrateWhenNear } from '../../../components/ui/hydrate-when-near';
import { LocalDate } from '../../../components/ui/local-date';
import { CoverImage } from '../components/cover-image';
import { Loaded } from '../../../lib/loaded';
import { Discussion, prepareDiscussion } from '../../comments';
import { NewsletterSignup, prepareNewsletterSignup } from '../../newsletters';
import { TagLinks } from '../../../components/ui/tag-links';
import { BylineFollow } from '../../profile';
import { FavoriteButton } from '../../social';
import { DiscussCount } from '../components/discuss-count';
import { SocialReactions } from '../components/social-reactions';
import { PostMenu } from '../components/post-menu';
import { PostNotFound } from '../components/post-not-found';
import { PublicationCredit } from '../components/publication-credit';
import { CoAuthorLinks, coAuthorsOf } from '../../../components/ui/co-author-links';
import { SeriesBox, SeriesSteps } from '../../series';
import { ReadPostSkeleton } from '../components/read-post-skeleton';
import type { ReadPostData } from '../loaders/read-post-loader';
import { postMeta } from '../post-meta';
import type { PostView as Post } from '../../../lib/post-summary';
import { profilePath } from '../../../lib/paths';
import '../../../styles/posts.css';
import { AppLink } from '../../../components/ui/app-link';
import { useHydrated } from '../../../lib/use-hydrated';
import { useEmbeds } from '../../../lib/use-embeds';
import { useViewer } from '../../auth';
import { loadPassageLayer } from '../../passages';
import { useCountView } from '../../stats';

const DISCUSSION_ID = 'discussion';

// In-line comments come once the page is interactive: none of it is first-load code.
const PassageLayer = lazy(async () => ({
  default: await loadPassageLayer(),
}));

/** /readblog?id=&name=: one post, its menu and its discussion (specification §2). */
export function ReadPostPage() {
  const data = useLoaderData() as ReadPostData;
  const revalidator = useRevalidator();

  return (
    <Loaded
      value={data.post}
      fallback={
        <div className="page page--narrow read-post">
          <PageHead title="Post" />
          <ReadPostSkeleton />
        </div>
      }
    >
      {(post) => {
        if (post.ok) return <PostPage post={post.data} comments={data.comments} />;
        if (post.error.status === 404) return <PostNotFound />;
        return (
          <div className="page page--narrow read-post">
            <PageHead title="Post" noindex />
            <h1 className="visually-hidden">Post</h1>
            <ErrorRetry message={post.error.message} onRetry={() => void revalidator.revalidate()} />
          </div>
        );
      }}
    </Loaded>
  );
}

function PostPage({ post: loaded, comments }: { post: Post; comments: ReadPostData['comments'] }) {
  const site = useSite();
  // Local changes (a favorite, a comment) show at once; a new post from the loader starts over.
  const [state, setState] = useState({ loaded, post: loaded });
  let post = state.post;
  if (state.loaded !== loaded) {
    post = loaded;
    setState({ loaded, post });
  }
  const onPostChange = (next: Post) => setState({ loaded, post: next });
  const contentRef = useRef<HTMLDivElement>(null);
  const openEmbed = useEmbeds(contentRef, post.contentHtml);
  // A view once the page is interactive; a read at the post's end or after its reading time.
  const endRef = useRef<HTMLElement>(null);
  useCountView('post', post.id, { minutes: post.readingMinutes, end: endRef });
  const [passageComments, setPassageComments] = useState<Comment[]>([]);
  // Each press of "Comment on a passage" asks the passage layer for its dialog.
  const [passageRequests, setPassageRequests] = useState(0);

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
    <div className="page page--narrow read-post">
      <PageHead {...postMeta(post, site)} />
      <article className="post" aria-labelledby="post-title">
        <header className="post__header">
          <h1 id="post-title" className="post__title">
            {post.title}
          </h1>
          <div className="post__byline post__byline--with-menu">
            <Avatar name={post.author.username} picture={post.author.picture} size="md" />
            <div className="post__byline-text">
              <span className="post__author-line">
                <AppLink className="post__author" to={profilePath(post.author)}>
                  {post.author.username}
                </AppLink>
                <CoAuthorLinks coAuthors={coAuthorsOf(post)} className="post__author" />
                <PublicationCredit publication={post.publication} className="post__publication" />
              </span>
              <span className="post__date">
                <LocalDate iso={post.publishedAt ?? post.createdAt} /> · {post.readingMinutes} min read
              </span>
            </div>
            <BylineFollow author={post.author} />
            <PostMenu post={post} onPostChange={onPostChange} onStatus={announce} />
          </div>
          <p className="post__status" role="status">
            {statusMessage}
          </p>
          {post.hidden ? <p className="notice">Hidden by the operators: only you see it.</p> : null}
        </header>
        {post.cover && (
          <CoverImage
            className="post__cover"
            cover={post.cover}
            sizes="(max-width: 45rem) 100vw, 45rem"
            eager
          />
        )}
        {post.series && <SeriesBox series={post.series} />}
        {/* Rendered and sanitized on the server (server/modules/posts/markdown): the author's HTML is text. */}
        <div
          ref={contentRef}
          onClick={openEmbed}
          className="markdown prose post__content"
          dangerouslySetInnerHTML={{ __html: post.contentHtml }}
        />
        <OnceHydrated>
          <Suspense fallback={null}>
            <PassageLayer
              post={post}
              contentRef={contentRef}
              composeRequests={passageRequests}
              onCommentAdded={(comment) => {
                setPassageComments((items) => [...items, comment]);
                onPostChange({ ...post, commentCount: post.commentCount + 1 });
              }}
            />
          </Suspense>
        </OnceHydrated>
        {post.series && <SeriesSteps series={post.series} />}
        <TagLinks tags={post.tags} labels={post.tagLabels} className="post__tags" />
        <footer className="post__footer" ref={endRef}>
          <a className="post__discuss" href={`#${DISCUSSION_ID}`} onClick={jumpToDiscussion}>
            <DiscussCount count={post.commentCount} />
          </a>
          <FavoriteButton
            post={post}
            onChange={(state) => onPostChange({ ...post, ...state })}
            onStatus={announce}
          />
          {post.commentsClosed ? null : (
            <CommentOnPassageButton onPress={() => setPassageRequests((count) => count + 1)} />
          )}
          <SocialReactions likes={post.socialLikes} reposts={post.socialReposts} />
        </footer>
      </article>
      {/* Under the post, a screen or more down: React takes these over as the reader comes near. */}
      <OwnListHidden authorId={post.author.id}>
        <HydrateWhenNear prepare={prepareNewsletterSignup}>
          <NewsletterSignup
            list={post.publication?.slug ?? post.author.id}
            name={post.publication?.name ?? post.author.username}
          />
        </HydrateWhenNear>
      </OwnListHidden>
      <HydrateWhenNear prepare={prepareDiscussion}>
        <Discussion
          id={DISCUSSION_ID}
          post={post}
          comments={comments}
          addedElsewhere={passageComments.filter((comment) => comment.postId === post.id)}
          onCountChange={(delta) =>
            onPostChange({ ...post, commentCount: Math.max(0, post.commentCount + delta) })
          }
          onClosedChange={(closed) => onPostChange({ ...post, commentsClosed: closed })}
        />
      </HydrateWhenNear>
    </div>
  );
}

/*
 * What changes once the page is hydrated (the session, the passage layer) lives in components of
 * its own: when hydration ends, only they render again, not the whole post with them.
 */

/**
 * The newsletter form, except to the post's own writer, who has nothing to subscribe to: the
 * server's HTML shows it to everyone (it cannot know who reads), and React takes it away once the
 * page knows.
 */
function OwnListHidden({ authorId, children }: { authorId: string; children: ReactNode }) {
  const viewer = useViewer();
  return viewer.user?.id === authorId ? null : children;
}

/** `children` from the moment the page is hydrated on, nothing in the server's HTML. */
function OnceHydrated({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

function CommentOnPassageButton({ onPress }: { onPress: () => void }) {
  const viewer = useViewer();
  // In the server's HTML for a signed-in reader's first paint too: nothing moves after it.
  if (viewer.known && !viewer.status) return null;
  return (
    <button
      type="button"
      className={`button button--secondary${viewer.known ? '' : ' when-signed-in'}`}
      aria-haspopup="dialog"
      onClick={onPress}
    >
      Comment on a passage
    </button>
  );
}
