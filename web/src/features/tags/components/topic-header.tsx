import { feedPath } from '../../../../../contracts/feeds';
import type { TagInfo } from '../../../../../contracts/tags';
import { useViewer } from '../../auth';
import { FollowButton } from '../../profile';
import { followTag, unfollowTag } from '../api/follow-tag';
import { postCountText } from '../tag-meta';

export interface TopicHeaderProps {
  info: TagInfo;
  onInfoChange: (info: TagInfo) => void;
}

/** The topic page's header: its name, counts, its feeds and the Follow topic button. */
export function TopicHeader({ info, onInfoChange }: TopicHeaderProps) {
  const viewer = useViewer();
  // As on a profile: a signed-in reader's `following` arrives with the browser's own request.
  const followPending = !viewer.known ? 'until-known' : viewer.status && info.following === undefined;
  const followers = info.followerCount;

  return (
    <header className="topic-header">
      <div>
        <p className="topic-header__eyebrow">Topic</p>
        <h1 id="topic-heading" className="topic-header__title">
          {info.label}
        </h1>
        <p className="topic-header__counts">
          {postCountText(info.postCount)} · {followers.toLocaleString('en-US')}{' '}
          {followers === 1 ? 'follower' : 'followers'}
        </p>
        <p className="topic-header__feeds">
          <a href={feedPath('rss', { tag: info.name })} type="application/rss+xml">
            RSS feed
          </a>
          <a href={feedPath('atom', { tag: info.name })} type="application/atom+xml">
            Atom feed
          </a>
        </p>
      </div>
      <FollowButton
        userId=""
        username={`topic ${info.label}`}
        following={info.following ?? false}
        stateUnknown={followPending}
        request={(follow) => (follow ? followTag(info.name) : unfollowTag(info.name))}
        onFollowingChange={(following) =>
          onInfoChange({
            ...info,
            following,
            followerCount: Math.max(0, followers + (following ? 1 : -1)),
          })
        }
      />
    </header>
  );
}
