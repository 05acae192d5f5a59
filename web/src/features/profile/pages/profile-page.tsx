import { Link, Navigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { withNext } from '../../../lib/safe-next-path';
import { useSession } from '../../auth/use-session';
import { ProfilePosts } from '../../posts/components/profile-posts';
import { useProfile } from '../api/get-profile';
import { ProfileHeader } from '../components/profile-header';
import { ProfileHeaderSkeleton } from '../components/profile-header-skeleton';

/**
 * /profile?userId= is public (PRODUCT fix 3). Plain /profile means "mine": a signed-in user is
 * sent to their own address, which is also the one to share; a visitor is asked to sign in.
 */
export function ProfilePage() {
  const [params] = useSearchParams();
  const { status, userData } = useSession();
  const userId = params.get('userId');

  if (userId) return <ProfileView userId={userId} />;
  if (!status) return <Navigate replace to={withNext('/signin', '/profile')} />;
  if (userData?.id)
    return <Navigate replace to={`/profile?${new URLSearchParams({ userId: userData.id })}`} />;
  // Signed in by an old build that never stored the id: there is no profile to show.
  return <UserNotFound />;
}

function ProfileView({ userId }: { userId: string }) {
  const { userData } = useSession();
  const viewerId = userData?.id || null;
  const profile = useProfile(userId, viewerId);
  const isOwner = viewerId === userId;

  if (profile.status === 'error' && profile.error.status === 404) return <UserNotFound />;

  return (
    <div className="page page--narrow">
      {profile.status === 'success' ? (
        <>
          <DocumentTitle title={profile.data.username} />
          <ProfileHeader profile={profile.data} isOwner={isOwner} onProfileChange={profile.setData} />
        </>
      ) : (
        <DocumentTitle title="Profile" />
      )}
      {profile.status === 'loading' ? <ProfileHeaderSkeleton /> : null}
      {profile.status === 'error' ? (
        <>
          <h1 className="visually-hidden">Profile</h1>
          <ErrorRetry message={profile.error.message} onRetry={profile.retry} />
        </>
      ) : null}
      <ProfilePosts userId={userId} isOwner={isOwner} />
    </div>
  );
}

function UserNotFound() {
  return (
    <div className="page page--narrow empty-state">
      <DocumentTitle title="User not found" />
      <h1>User not found</h1>
      <p>
        There is no writer at this address. <Link to="/allblog">Browse all posts</Link>
      </p>
    </div>
  );
}
