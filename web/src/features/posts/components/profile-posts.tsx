export interface ProfilePostsProps {
  userId: string;
  /** The viewer owns this profile: the empty state offers 'Publish Blogs' (SPEC §2). */
  isOwner: boolean;
}

/** The user's posts under the profile header (SPEC §2). Placeholder until the posts screens land. */
export function ProfilePosts({ userId, isOwner }: ProfilePostsProps) {
  return (
    <section className="profile-posts" aria-labelledby="profile-posts-heading" data-user-id={userId}>
      <h2 id="profile-posts-heading" className="section-heading">
        {isOwner ? 'Your posts' : 'Posts'}
      </h2>
    </section>
  );
}
