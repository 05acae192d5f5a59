import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ApiResult } from '../../../lib/api-client';
import { withNext } from '../../../lib/safe-next-path';
import { useSession } from '../../auth';
import { followUser } from '../api/follow-user';
import { unfollowUser } from '../api/unfollow-user';

export interface FollowButtonProps {
  userId: string;
  /** Who (or what) is followed, for the button's accessible name: "Follow Ada". */
  username: string;
  following: boolean;
  /**
   * Whether the reader follows is not known yet: 'until-known' before the session is (hidden for a
   * signed-in reader by the signed-in hint), true while their profile data is on its way.
   */
  stateUnknown?: 'until-known' | boolean;
  /** Called once the server has agreed, so the caller can update the follower count. */
  onFollowingChange: (following: boolean) => void;
  /** Follows (true) or unfollows (false) something else than a writer, e.g. a topic. */
  request?: (follow: boolean) => Promise<ApiResult<unknown>>;
}

function frameClass(stateUnknown: 'until-known' | boolean): string {
  if (stateUnknown === 'until-known') return 'follow-button invisible-when-signed-in';
  return stateUnknown ? 'follow-button is-pending' : 'follow-button';
}

/**
 * PRODUCT fix 7: Follow works. A visitor is asked to sign in first and brought back here; a reader
 * toggles between Follow and Following.
 */
export function FollowButton({
  userId,
  username,
  following,
  stateUnknown = false,
  onFollowingChange,
  request = (follow) => (follow ? followUser(userId) : unfollowUser(userId)),
}: FollowButtonProps) {
  const { status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // As on most platforms, "Following" turns into "Unfollow" under the pointer or the keyboard focus,
  // so the reader sees what a click will do before making it.
  const [armed, setArmed] = useState(false);
  const label = following ? (armed ? 'Unfollow' : 'Following') : 'Follow';

  const toggle = async () => {
    if (pending) return;
    if (!status) {
      void navigate(withNext('/signin', location.pathname + location.search));
      return;
    }
    setPending(true);
    setError(null);
    const result = await request(!following);
    setPending(false);
    if (result.ok) {
      onFollowingChange(!following);
      // The new state shows first ("Following" after Follow); "Unfollow" waits for the pointer
      // or the focus to come back to the button.
      setArmed(false);
    } else setError(result.error.message);
  };

  return (
    <div className={frameClass(stateUnknown)}>
      <button
        className={following ? 'button button--secondary' : 'button button--primary'}
        type="button"
        aria-busy={pending || undefined}
        // Not `disabled` while the request runs: that would drop the keyboard focus to the page.
        aria-disabled={pending || undefined}
        // The name starts with the words shown (WCAG 2.5.3, Label in Name: "Following Ada" for a
        // button that reads "Following"), so people who speak a button's text to press it reach it.
        aria-label={`${label} ${username}`}
        onClick={() => void toggle()}
        onMouseEnter={() => setArmed(true)}
        onMouseLeave={() => setArmed(false)}
        onFocus={() => setArmed(true)}
        onBlur={() => setArmed(false)}
      >
        {label}
      </button>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
