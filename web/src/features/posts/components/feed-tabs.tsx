import { Link } from 'react-router';

export type FeedTab = 'all' | 'following';

/** The search value that selects the Following feed on /allblog, so the tab can be linked to. */
export const FOLLOWING_TAB_QUERY = 'tab=following';

/**
 * Issue 4 §3: the All posts / Following switch for signed-in readers. Links, not ARIA tabs: each
 * feed has its own address (shareable, and Back returns to it), so aria-current marks the one shown.
 */
export function FeedTabs({ current }: { current: FeedTab }) {
  return (
    <nav className="feed-tabs" aria-label="Feeds">
      <Link className="feed-tabs__tab" to="/allblog" aria-current={current === 'all' ? 'page' : undefined}>
        All posts
      </Link>
      <Link
        className="feed-tabs__tab"
        to={`/allblog?${FOLLOWING_TAB_QUERY}`}
        aria-current={current === 'following' ? 'page' : undefined}
      >
        Following
      </Link>
    </nav>
  );
}
