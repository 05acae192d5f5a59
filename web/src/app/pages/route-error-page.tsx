import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageHead } from '../../lib/head/page-head';
import { NotFoundPage } from './not-found-page';

/**
 * What a page that threw shows instead of a blank screen. The usual cause is a page's code that
 * failed to download (offline, or a new version replaced it), which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Page failed to render', error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <div className="page page--narrow empty-state" role="alert">
      <PageHead title="Something went wrong" noindex />
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Check your connection and try again.</p>
      <p className="empty-state__actions">
        <button className="button button--primary" type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </p>
    </div>
  );
}
