import { Link } from 'react-router';
import { PageHead } from '../head/page-head';

export function NotFoundPage() {
  return (
    <div className="page page--narrow empty-state">
      <PageHead title="Page not found" noindex />
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p className="empty-state__actions">
        <Link className="button button--primary" to="/allblog">
          Browse all posts
        </Link>
        <Link className="button button--secondary" to="/">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
