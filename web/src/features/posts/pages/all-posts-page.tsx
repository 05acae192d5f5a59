import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';
import { Notice } from '../../../components/ui/notice';
import { useSession } from '../../auth/use-session';
import { getAllPosts } from '../api/get-all-posts';
import { getFeed } from '../api/get-feed';
import { FeedTabs, type FeedTab } from '../components/feed-tabs';
import { PostFeed } from '../components/post-feed';
import { SidePanel } from '../components/side-panel';
import { usePagedList } from '../hooks/use-paged-list';
import { isAllPostsLocationState } from '../location-state';
import '../posts.css';

/**
 * /allblog: every post, newest first, page by page, with the static side panel (SPEC §1–§2).
 * Signed-in readers also get the Following feed (issue 4 §3) at /allblog?tab=following.
 */
export function AllPostsPage() {
  const { status, userData } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // e.g. 'Your post was deleted.', handed over by the page that sent the reader here. Read once:
  // the history entry keeps its state, and a reload must not say it again.
  const [notice] = useState(() => (isAllPostsLocationState(location.state) ? location.state.notice : null));
  useEffect(() => {
    if (isAllPostsLocationState(location.state)) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location, navigate]);
  const tab: FeedTab = status && params.get('tab') === 'following' ? 'following' : 'all';
  // The viewer is part of the key: signing in or out changes the feed and `favorited`.
  const viewer = status ? (userData?.id ?? '') : '';
  const list = usePagedList(
    `${tab}:${viewer}`,
    tab === 'following' ? getFeed : getAllPosts,
    tab === 'following' ? 'Error fetching feed' : 'Error fetching posts',
  );
  const title = tab === 'following' ? 'Following' : 'All posts';

  return (
    <div className="page all-posts">
      <DocumentTitle title={title} />
      <div className="all-posts__layout">
        <section className="all-posts__main" aria-labelledby="all-posts-heading">
          <h1 id="all-posts-heading" className={status ? 'visually-hidden' : 'all-posts__heading'}>
            {title}
          </h1>
          {notice ? <Notice>{notice}</Notice> : null}
          {status ? <FeedTabs current={tab} /> : null}
          <PostFeed
            list={list}
            label={title}
            empty={
              tab === 'following' ? (
                <div className="empty-state">
                  <h2>Nothing here yet</h2>
                  <p>Follow writers from their profiles and their new posts will appear here.</p>
                  <p className="empty-state__actions">
                    <Link className="button button--secondary" to="/allblog">
                      Browse all posts
                    </Link>
                  </p>
                </div>
              ) : (
                <div className="empty-state">
                  <h2>No posts yet</h2>
                  <p>Be the first to write one.</p>
                  <p className="empty-state__actions">
                    <Link className="button button--primary" to={status ? '/addblog' : '/signup'}>
                      Write a post
                    </Link>
                  </p>
                </div>
              )
            }
          />
        </section>
        <SidePanel />
      </div>
    </div>
  );
}
