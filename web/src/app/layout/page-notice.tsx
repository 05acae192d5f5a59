import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { clearSessionNotice, selectPageNotice } from '../../features/auth/session-notice-slice';

/**
 * A one-time notice for the page the reader was sent to (such as "Your account has been deleted."
 * on /allblog): shown while they stay on that page, gone once they move on or reload.
 */
export function PageNotice() {
  const dispatch = useDispatch();
  const { pathname } = useLocation();
  const pending = useSelector(selectPageNotice);
  const [shown, setShown] = useState<{ message: string; pathname: string } | null>(null);

  useEffect(() => {
    if (pending && pending.showOn === pathname) {
      setShown({ message: pending.message, pathname });
      dispatch(clearSessionNotice());
    }
  }, [pending, pathname, dispatch]);

  if (!shown || shown.pathname !== pathname) return null;
  return (
    <div className="page-notice">
      <Notice>{shown.message}</Notice>
    </div>
  );
}
