import { Skeleton } from '../../../components/ui/skeleton';

/** Same box as ProfileHeader, so the page does not jump when the profile arrives. */
export function ProfileHeaderSkeleton() {
  return (
    <div className="profile-header" aria-busy="true">
      <Skeleton className="skeleton--avatar-lg" />
      <div className="profile-header__text">
        <Skeleton className="skeleton--heading" />
        <Skeleton className="skeleton--line skeleton--w-60" />
      </div>
      <span className="visually-hidden" role="status">
        Loading profile…
      </span>
    </div>
  );
}
