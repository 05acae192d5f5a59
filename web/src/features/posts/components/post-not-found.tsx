import { PageHead } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';

/** SPEC §8, word for word: 'Error: Post not found'. */
export const POST_NOT_FOUND_TEXT = 'Error: Post not found';

export function PostNotFound() {
  return (
    <div className="page page--narrow empty-state">
      <PageHead title="Post not found" noindex />
      <h1 className="post-not-found__title">{POST_NOT_FOUND_TEXT}</h1>
      <p>It may have been deleted, or the link is incomplete.</p>
      <p className="empty-state__actions">
        <AppLink className="button button--primary" to="/allblog">
          Browse all posts
        </AppLink>
      </p>
    </div>
  );
}
