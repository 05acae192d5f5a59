import { useLoaderData, useRevalidator } from 'react-router';
import { dataPath, DATA_PATHS } from '../../../lib/data-routes';
import { PageHead } from '../../../lib/head/page-head';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Loaded } from '../../../lib/loaded';
import { PostFeed, PostFeedSkeleton } from '../components/post-feed';
import type { FavoritesData } from '../loaders/favorites-loader';
import '../../../styles/posts.css';
import { AppLink } from '../../../components/ui/app-link';

/** /favorites, behind RequireAccount: the reader's favorite posts, page by page. */
export function FavoritesPage() {
  const data = useLoaderData() as FavoritesData;
  const revalidator = useRevalidator();

  return (
    <div className="page page--narrow favorites-page">
      <PageHead title="Favorites" noindex />
      <h1 className="favorites-page__heading">Favorites</h1>
      {data.posts === null ? (
        <PostFeedSkeleton />
      ) : (
        <Loaded value={data.posts} fallback={<PostFeedSkeleton />}>
          {(posts) =>
            posts.ok ? (
              <PostFeed
                first={posts.data}
                moreUrl={dataPath(DATA_PATHS.favorites)}
                label="Your favorite posts"
                empty={<NoFavorites />}
              />
            ) : (
              <div className="post-feed">
                <ErrorRetry message={posts.error.message} onRetry={() => void revalidator.revalidate()} />
              </div>
            )
          }
        </Loaded>
      )}
    </div>
  );
}

function NoFavorites() {
  return (
    <div className="empty-state">
      <h2>No favorites yet</h2>
      <p>Open a post’s menu and choose Add to favorites to keep it here.</p>
      <p className="empty-state__actions">
        <AppLink className="button button--secondary" to="/allblog">
          Browse all posts
        </AppLink>
      </p>
    </div>
  );
}
