import { useState, type ReactNode } from 'react';
import { pinPost, unpinPost } from '../api/pin-post';
import type { Page } from '../../../../../contracts/posts';
import { dataPath, DATA_PATHS } from '../../../lib/data-routes';
import { Avatar } from '../../../components/ui/avatar';
import { LocalDate } from '../../../components/ui/local-date';
import { Skeleton } from '../../../components/ui/skeleton';
import { PagedList } from '../../../components/ui/paged-list';
import { readPostPath } from '../../../lib/paths';
import type { PostSummary } from '../../../lib/post-summary';
import '../../../styles/posts.css';
import '../profile.css';
import { AppLink } from '../../../components/ui/app-link';
import { CoAuthorLinks } from '../../../components/ui/co-author-links';

export interface ProfilePostsProps {
  userId: string;
  /** The first page, from the profile's loader, with SPEC §9's profile previews. */
  first: Page<PostSummary>;
  /** The viewer owns this profile: the empty state offers 'Publish Blogs' (SPEC §2). */
  isOwner: boolean;
  /** The post the writer pinned: shown first, marked (decision 0068). */
  pinned: PostSummary | null;
  /** After the owner pinned or unpinned a post: the profile is read again. */
  onPinChange: () => void;
}

/** PRODUCT fix 1's spelling of SPEC §2's empty profile. */
export const NO_BLOGS_TEXT = 'You have no blogs yet';

/**
 * The user's posts under the profile header (SPEC §2): each with its title, an author line and the
 * profile preview of SPEC §9 (200 characters, ' ...' only when cut: PRODUCT fix 9), page by page.
 */
export function ProfilePosts({ userId, first, isOwner, pinned, onPinChange }: ProfilePostsProps) {
  const pin = isOwner ? { pinnedId: pinned?.id ?? null, onChange: onPinChange } : null;
  return (
    <ProfilePostsSection isOwner={isOwner}>
      {pinned ? (
        <div className="profile-posts__pinned">
          <ProfilePostItem post={pinned} pinned pin={pin} />
        </div>
      ) : null}
      <PagedList
        first={first}
        moreUrl={dataPath(DATA_PATHS.profilePosts, { userId })}
        listClassName="profile-posts__list"
        focusable="a"
        moreLabel="Load more"
        empty={
          <div className="empty-state profile-posts__empty">
            {isOwner ? (
              <>
                <p>{NO_BLOGS_TEXT}</p>
                <p className="empty-state__actions">
                  <AppLink className="button button--primary" to="/addblog">
                    Publish Blogs
                  </AppLink>
                </p>
              </>
            ) : (
              <p>No blogs yet</p>
            )}
          </div>
        }
        renderItem={(post) => <ProfilePostItem post={post} pinned={false} pin={pin} />}
      />
    </ProfilePostsSection>
  );
}

export function ProfilePostsSection({ isOwner, children }: { isOwner: boolean; children: ReactNode }) {
  return (
    <section className="profile-posts" aria-labelledby="profile-posts-heading">
      <h2 id="profile-posts-heading" className="section-heading">
        {isOwner ? 'Your posts' : 'Posts'}
      </h2>
      {children}
    </section>
  );
}

interface PinControl {
  pinnedId: string | null;
  onChange: () => void;
}

function ProfilePostItem({
  post,
  pinned,
  pin,
}: {
  post: PostSummary;
  pinned: boolean;
  pin: PinControl | null;
}) {
  return (
    <article className="profile-post">
      {pinned ? <p className="profile-post__pinned">Pinned</p> : null}
      <h3 className="profile-post__title">
        <AppLink to={readPostPath(post)}>{post.title}</AppLink>
      </h3>
      <p className="profile-post__byline">
        <Avatar name={post.author.username} picture={post.author.picture} size="sm" />
        <span>
          {post.author.username}
          <CoAuthorLinks coAuthors={post.coAuthors} />
        </span>
        <span aria-hidden="true">·</span>
        <LocalDate iso={post.createdAt} />
      </p>
      <p className="profile-post__preview">{post.preview}</p>
      {pin ? <PinButton post={post} pin={pin} /> : null}
    </article>
  );
}

/** The owner's Pin / Unpin: one pinned post at a time, so pinning another replaces it. */
function PinButton({ post, pin }: { post: PostSummary; pin: PinControl }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isPinned = pin.pinnedId === post.id;
  const label = isPinned ? 'Unpin' : 'Pin to profile';
  const toggle = async () => {
    setPending(true);
    setError(null);
    const result = isPinned ? await unpinPost() : await pinPost(post.id);
    setPending(false);
    if (result.ok) pin.onChange();
    else setError(result.error.message);
  };
  return (
    <p className="profile-post__actions">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={pending}
        // The visible words first (WCAG 2.5.3), then which post, as every card has one.
        aria-label={`${label}: ${post.title}`}
        aria-describedby={error ? `pin-error-${post.id}` : undefined}
        onClick={() => void toggle()}
      >
        {label}
      </button>
      {error ? (
        <span id={`pin-error-${post.id}`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </p>
  );
}

export function ProfilePostsSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading posts…
      </p>
      <ProfilePostSkeleton />
      <ProfilePostSkeleton />
    </div>
  );
}

function ProfilePostSkeleton() {
  return (
    <div className="profile-post" aria-hidden="true">
      <Skeleton className="skeleton--title" />
      <Skeleton className="skeleton--text skeleton--w-30" />
      <Skeleton className="skeleton--line" />
      <Skeleton className="skeleton--line skeleton--w-60" />
    </div>
  );
}
