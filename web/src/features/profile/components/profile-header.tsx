import { Link } from 'react-router';
import type { Profile } from '../../../../../contracts/auth';
import { formatPostDate } from '../../../../../contracts/dates';
import { AvatarInitial } from '../../../components/ui/avatar-initial';
import { FollowButton } from './follow-button';

export interface ProfileHeaderProps {
  profile: Profile;
  isOwner: boolean;
  onProfileChange: (profile: Profile) => void;
}

function count(value: number, one: string, many: string): string {
  return `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
}

/** SPEC §2: avatar initial and username; Edit on one's own profile, Follow on another's. */
export function ProfileHeader({ profile, isOwner, onProfileChange }: ProfileHeaderProps) {
  const joined = formatPostDate(profile.createdAt);
  const facts = [
    joined ? `Joined ${joined}` : null,
    count(profile.postCount, 'post', 'posts'),
    count(profile.followerCount, 'follower', 'followers'),
    `${profile.followingCount.toLocaleString('en-US')} following`,
  ].filter((fact): fact is string => fact !== null);

  return (
    <header className="profile-header">
      <AvatarInitial name={profile.username} size="lg" />
      <div className="profile-header__text">
        <h1 className="profile-header__name">{profile.username}</h1>
        <ul className="profile-header__facts" aria-label="About">
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      </div>
      <div className="profile-header__action">
        {isOwner ? (
          <Link className="button button--secondary" to="/userupdate">
            Edit
          </Link>
        ) : (
          <FollowButton
            userId={profile.id}
            username={profile.username}
            following={profile.following ?? false}
            onFollowingChange={(following) =>
              onProfileChange({
                ...profile,
                following,
                followerCount: Math.max(0, profile.followerCount + (following ? 1 : -1)),
              })
            }
          />
        )}
      </div>
    </header>
  );
}
