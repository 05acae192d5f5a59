import { PageHead } from '../../lib/head/page-head';
import { AppLink } from '../../components/ui/app-link';

export function NotFoundPage() {
  return (
    <div className="page page--narrow empty-state">
      <PageHead title="Page not found" noindex />
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p className="empty-state__actions">
        <AppLink className="button button--primary" to="/allblog">
          Browse all posts
        </AppLink>
        <AppLink className="button button--secondary" to="/">
          Go to the home page
        </AppLink>
      </p>
    </div>
  );
}
