import type { ProfileView } from '../loaders/profile-loader';
import { Avatar } from '../../../components/ui/avatar';
import { ProfileLinksList } from './profile-links';
import '../profile.css';
import { LocalDate } from '../../../components/ui/local-date';
import { useViewer } from '../../auth';
import { FollowButton } from './follow-button';
import { AppLink } from '../../../components/ui/app-link';
import { OwnBlogLink } from '../../publications';

export interface ProfileHeaderProps {
  profile: ProfileView;
  isOwner: boolean;
  onProfileChange: (profile: ProfileView) => void;
}

function count(value: number, one: string, many: string): string {
  return `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
}

/** SPEC §2: avatar initial and username; Edit on one's own profile, Follow on another's. */
export function ProfileHeader({ profile, isOwner, onProfileChange }: ProfileHeaderProps) {
  const viewer = useViewer();
  // Whether a signed-in reader follows this writer comes with the browser's own request; until
  // then the button keeps its place but says nothing that could be wrong.
  const followPending = !viewer.known ? 'until-known' : viewer.status && profile.following === undefined;

  return (
    <header className="profile-header">
      <Avatar name={profile.username} picture={profile.picture} image={profile.image} size="lg" />
      <div className="profile-header__text">
        <h1 className="profile-header__name">{profile.username}</h1>
        {profile.bio ? <p className="profile-header__bio">{profile.bio}</p> : null}
        <ul className="profile-header__facts" aria-label="About">
          <li>
            Joined <LocalDate iso={profile.createdAt} />
          </li>
          <li>{count(profile.postCount, 'post', 'posts')}</li>
          <li>{count(profile.followerCount, 'follower', 'followers')}</li>
          <li>{profile.followingCount.toLocaleString('en-US')} following</li>
        </ul>
        <ProfileLinksList links={profile.links} />
      </div>
      <div className="profile-header__action">
        {isOwner ? (
          <>
            <OwnBlogLink />
            <AppLink className="button button--secondary" to="/userupdate">
              Edit
            </AppLink>
          </>
        ) : (
          <FollowButton
            userId={profile.id}
            username={profile.username}
            following={profile.following ?? false}
            stateUnknown={followPending}
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
