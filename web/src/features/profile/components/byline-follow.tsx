import { useEffect, useState } from 'react';
import { useViewer } from '../../auth';
import { FollowButton } from './follow-button';
import { getProfile } from '../api/get-profile';
import './byline-follow.css';

/**
 * Follow from a post's byline. Whether the reader follows the author is the reader's
 * own data, so it is asked for in the browser; a writer reading their own post gets no button.
 */
export function BylineFollow({ author }: { author: { id: string; username: string } }) {
  const viewer = useViewer();
  const [following, setFollowing] = useState<boolean | null>(null);
  const signedIn = viewer.status;
  const own = viewer.user?.id === author.id;

  useEffect(() => {
    if (!signedIn || own) return;
    const controller = new AbortController();
    void getProfile(author.id, controller.signal).then((result) => {
      if (result.ok) setFollowing(result.data.following === true);
    });
    return () => controller.abort();
  }, [author.id, signedIn, own]);

  if (own) return null;
  return (
    <div className="byline-follow">
      <FollowButton
        userId={author.id}
        username={author.username}
        following={following === true}
        stateUnknown={viewer.known ? signedIn && following === null : 'until-known'}
        onFollowingChange={setFollowing}
      />
    </div>
  );
}
