import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isAllPostsLocationState } from './location-state';

/**
 * A notice the previous page handed over with its navigation (a post scheduled, a publication
 * created), kept for this visit and removed from the history entry: a reload must not say it again.
 */
export function useOneTimeNotice(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (isAllPostsLocationState(location.state) ? location.state.notice : null));
  useEffect(() => {
    if (isAllPostsLocationState(location.state)) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location, navigate]);
  return notice;
}
