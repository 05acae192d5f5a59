import { useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useRevalidator } from 'react-router';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Notice } from '../../../components/ui/notice';
import { dataPath, DATA_PATHS } from '../../../lib/data-routes';
import { PageHead } from '../../../lib/head/page-head';
import { Loaded } from '../../../lib/loaded';
import { useViewer } from '../../auth';
import { FeedTabs, FOLLOWING_TAB } from '../components/feed-tabs';
import { PostFeed, PostFeedSkeleton } from '../components/post-feed';
import { SidePanel } from '../components/side-panel';
import type { AllPostsData } from '../loaders/all-posts-loader';
import { isAllPostsLocationState } from '../../../lib/location-state';
import '../../../styles/posts.css';
import { AppLink } from '../../../components/ui/app-link';

/**
 * /allblog: every post, newest first, page by page, with the side panel of real data
 * (specification §1–§2).
 * Signed-in readers also get the Following feed at /allblog?tab=following.
 */
export function AllPostsPage() {
  const data = useLoaderData() as AllPostsData;
  const viewer = useViewer();
  const revalidator = useRevalidator();
  const location = useLocation();
  const navigate = useNavigate();
  // e.g. 'Your post was deleted.', handed over by the page that sent the reader here. Read once:
  // the history entry keeps its state, and a reload must not say it again.
  const [notice] = useState(() => (isAllPostsLocationState(location.state) ? location.state : null));
  useEffect(() => {
    if (isAllPostsLocationState(location.state)) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location, navigate]);
  // Before the session is known the address decides, so the server's skeleton matches the browser's.
  const tab = data.tab === 'following' && (viewer.status || !viewer.known) ? 'following' : 'all';
  const title = tab === 'following' ? 'Following' : 'All posts';
  const moreUrl = dataPath(DATA_PATHS.posts, tab === 'following' ? { tab: FOLLOWING_TAB } : {});

  return (
    <div className="page all-posts">
      <PageHead
        title={title}
        description="The newest posts on Inkwell, from every writer."
        canonicalPath="/allblog"
      />
      <div className="all-posts__layout">
        <section className="all-posts__main" aria-labelledby="all-posts-heading">
          <h1
            id="all-posts-heading"
            className={
              viewer.known
                ? viewer.status
                  ? 'visually-hidden'
                  : 'all-posts__heading'
                : 'all-posts__heading visually-hidden-when-signed-in'
            }
          >
            {title}
          </h1>
          {notice ? (
            <Notice>
              {notice.notice}
              {notice.link ? (
                <>
                  {' '}
                  <AppLink to={notice.link.to}>{notice.link.label}</AppLink>
                </>
              ) : null}
            </Notice>
          ) : null}
          {viewer.status || !viewer.known ? <FeedTabs current={tab} pending={!viewer.known} /> : null}
          {data.posts === null ? (
            <PostFeedSkeleton />
          ) : (
            <Loaded value={data.posts} fallback={<PostFeedSkeleton />}>
              {(posts) =>
                posts.ok ? (
                  <PostFeed
                    first={posts.data}
                    moreUrl={moreUrl}
                    label={title}
                    empty={
                      tab === 'following' ? <FollowingEmpty /> : <AllPostsEmpty signedIn={viewer.status} />
                    }
                  />
                ) : (
                  <div className="post-feed">
                    <ErrorRetry message={posts.error.message} onRetry={() => void revalidator.revalidate()} />
                  </div>
                )
              }
            </Loaded>
          )}
        </section>
        <SidePanel discover={data.discover} />
      </div>
    </div>
  );
}

function FollowingEmpty() {
  return (
    <div className="empty-state">
      <h2>Nothing here yet</h2>
      <p>Follow writers from their profiles and their new posts will appear here.</p>
      <p className="empty-state__actions">
        <AppLink className="button button--secondary" to="/allblog">
          Browse all posts
        </AppLink>
      </p>
    </div>
  );
}

function AllPostsEmpty({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="empty-state">
      <h2>No posts yet</h2>
      <p>Be the first to write one.</p>
      <p className="empty-state__actions">
        <AppLink className="button button--primary" to={signedIn ? '/addblog' : '/signup'}>
          Write a post
        </AppLink>
      </p>
    </div>
  );
}
