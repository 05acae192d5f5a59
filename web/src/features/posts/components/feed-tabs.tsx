import { AppLink } from '../../../components/ui/app-link';

export type FeedTab = 'all' | 'following';

export const FOLLOWING_TAB = 'following';
/** The search value that selects the Following feed on /allblog, so the tab can be linked to. */
export const FOLLOWING_TAB_QUERY = `tab=${FOLLOWING_TAB}`;

/**
 * The All posts / Following switch for signed-in readers. Links, not ARIA tabs: each
 * feed has its own address (shareable, and Back returns to it), so aria-current marks the one shown.
 */
export function FeedTabs({ current, pending = false }: { current: FeedTab; pending?: boolean }) {
  // `pending`: rendered before the session is known, shown only if the signed-in hint is there.
  return (
    <nav className={pending ? 'feed-tabs when-signed-in' : 'feed-tabs'} aria-label="Feeds">
      <AppLink className="feed-tabs__tab" to="/allblog" aria-current={current === 'all' ? 'page' : undefined}>
        All posts
      </AppLink>
      <AppLink
        className="feed-tabs__tab"
        to={`/allblog?${FOLLOWING_TAB_QUERY}`}
        aria-current={current === 'following' ? 'page' : undefined}
      >
        Following
      </AppLink>
    </nav>
  );
}
