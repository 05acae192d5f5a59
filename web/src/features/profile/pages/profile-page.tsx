import { useState } from 'react';
import { Navigate, useLoaderData, useRevalidator } from 'react-router';
import { PageHead, useSite } from '../../../lib/head/page-head';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Loaded } from '../../../lib/loaded';
import { withNext } from '../../../lib/safe-next-path';
import { useViewer } from '../../auth';
import { ProfilePosts, ProfilePostsSection, ProfilePostsSkeleton } from '../components/profile-posts';
import { PeopleLists } from '../../social';
import { ProfileHeader } from '../components/profile-header';
import { ProfileSeries } from '../components/profile-series';
import { ProfileHeaderSkeleton } from '../components/profile-header-skeleton';
import { NewsletterForm } from '../../newsletters';
import type { ProfileData, ProfileView as LoadedProfileView } from '../loaders/profile-loader';
import { profileMeta } from '../profile-meta';
import { AppLink } from '../../../components/ui/app-link';
import { useCountView } from '../../stats';

/**
 * /profile?userId= is public (PRODUCT fix 3). Plain /profile means "mine": a signed-in user is
 * sent to their own address, which is also the one to share; a visitor is asked to sign in.
 */
export function ProfilePage() {
  const data = useLoaderData() as ProfileData;
  const viewer = useViewer();

  if (data.userId !== null && data.profile !== null && data.posts !== null && data.series !== null) {
    return (
      <ProfileView userId={data.userId} profile={data.profile} posts={data.posts} series={data.series} />
    );
  }
  // Whose profile "mine" is, only the browser knows.
  if (!viewer.known) return <ProfileSkeleton />;
  if (!viewer.status) return <Navigate replace to={withNext('/signin', '/profile')} />;
  if (viewer.user?.id)
    return <Navigate replace to={`/profile?${new URLSearchParams({ userId: viewer.user.id })}`} />;
  // Signed in by an old build that never stored the id: there is no profile to show.
  return <UserNotFound />;
}

function ProfileView({
  userId,
  profile,
  posts,
  series,
}: Required<{ [K in keyof ProfileData]: NonNullable<ProfileData[K]> }>) {
  const viewer = useViewer();
  const isOwner = viewer.user?.id === userId;
  const revalidator = useRevalidator();

  return (
    <Loaded value={profile} fallback={<ProfileSkeleton />}>
      {(result) => {
        if (!result.ok && result.error.status === 404) return <UserNotFound />;
        return (
          <div className="page page--narrow">
            {result.ok ? (
              <LoadedProfile profile={result.data} isOwner={isOwner} />
            ) : (
              <>
                <PageHead title="Profile" noindex />
                <h1 className="visually-hidden">Profile</h1>
                <ErrorRetry message={result.error.message} onRetry={() => void revalidator.revalidate()} />
              </>
            )}
            {/* A secondary list: while it loads, and if it fails, the page goes on without it. */}
            <Loaded value={series} fallback={null}>
              {(list) => (list.ok ? <ProfileSeries series={list.data} /> : null)}
            </Loaded>
            <Loaded
              value={posts}
              fallback={
                <ProfilePostsSection isOwner={isOwner}>
                  <ProfilePostsSkeleton />
                </ProfilePostsSection>
              }
            >
              {(list) =>
                list.ok ? (
                  <ProfilePosts
                    userId={userId}
                    first={list.data}
                    isOwner={isOwner}
                    pinned={result.ok ? result.data.pinnedPost : null}
                    onPinChange={() => void revalidator.revalidate()}
                  />
                ) : (
                  <ProfilePostsSection isOwner={isOwner}>
                    <ErrorRetry message={list.error.message} onRetry={() => void revalidator.revalidate()} />
                  </ProfilePostsSection>
                )
              }
            </Loaded>
          </div>
        );
      }}
    </Loaded>
  );
}

function LoadedProfile({ profile: loaded, isOwner }: { profile: LoadedProfileView; isOwner: boolean }) {
  const site = useSite();
  useCountView('profile', loaded.id);
  // A follow shows at once; a new profile from the loader starts over.
  const [state, setState] = useState({ loaded, profile: loaded });
  let profile = state.profile;
  if (state.loaded !== loaded) {
    profile = loaded;
    setState({ loaded, profile });
  }
  return (
    <>
      <PageHead {...profileMeta(profile, site)} />
      <ProfileHeader
        profile={profile}
        isOwner={isOwner}
        onProfileChange={(next) => setState({ loaded, profile: next })}
      />
      {isOwner ? null : <NewsletterForm list={profile.id} name={profile.username} />}
      <PeopleLists userId={profile.id} />
    </>
  );
}

function ProfileSkeleton() {
  return (
    <div className="page page--narrow">
      <PageHead title="Profile" />
      <ProfileHeaderSkeleton />
      <ProfilePostsSection isOwner={false}>
        <ProfilePostsSkeleton />
      </ProfilePostsSection>
    </div>
  );
}

function UserNotFound() {
  return (
    <div className="page page--narrow empty-state">
      <PageHead title="User not found" noindex />
      <h1>User not found</h1>
      <p>
        There is no writer at this address. <AppLink to="/allblog">Browse all posts</AppLink>
      </p>
    </div>
  );
}
