import { Link } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';
import { useSession } from '../../auth/use-session';
import { getFavorites } from '../../favorites/api/get-favorites';
import { PostFeed } from '../components/post-feed';
import { usePagedList } from '../hooks/use-paged-list';
import '../posts.css';

/** /favorites, behind RequireAccount (issue 4 §2): the reader's favorite posts, page by page. */
export function FavoritesPage() {
  const { userData } = useSession();
  const list = usePagedList(`favorites:${userData?.id ?? ''}`, getFavorites, 'Error fetching favorites');

  return (
    <div className="page page--narrow favorites-page">
      <DocumentTitle title="Favorites" />
      <h1 className="favorites-page__heading">Favorites</h1>
      <PostFeed
        list={list}
        label="Your favorite posts"
        empty={
          <div className="empty-state">
            <h2>No favorites yet</h2>
            <p>Open a post’s menu and choose Add to favorites to keep it here.</p>
            <p className="empty-state__actions">
              <Link className="button button--secondary" to="/allblog">
                Browse all posts
              </Link>
            </p>
          </div>
        }
      />
    </div>
  );
}
