import { Link } from 'react-router';
import { formatPostDate } from '../../../../../contracts/dates';
import type { Post } from '../../../../../contracts/posts';
import { profilePreview } from '../../../../../contracts/preview';
import { AvatarInitial } from '../../../components/ui/avatar-initial';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { useFocusNewItems } from '../../../components/ui/use-focus-new-items';
import { Skeleton } from '../../../components/ui/skeleton';
import { getProfilePosts } from '../api/get-profile-posts';
import { usePagedList } from '../hooks/use-paged-list';
import { readPostPath } from '../paths';
import { LoadMore } from './load-more';
import '../posts.css';

export interface ProfilePostsProps {
  userId: string;
  /** The viewer owns this profile: the empty state offers 'Publish Blogs' (SPEC §2). */
  isOwner: boolean;
}

/** PRODUCT fix 1's spelling of SPEC §2's empty profile. */
export const NO_BLOGS_TEXT = 'You have no blogs yet';

/**
 * The user's posts under the profile header (SPEC §2): each with its title, an author line and the
 * profile preview of SPEC §9 (200 characters, ' ...' only when cut: PRODUCT fix 9), page by page.
 */
export function ProfilePosts({ userId, isOwner }: ProfilePostsProps) {
  const list = usePagedList(
    `profile-posts:${userId}`,
    (cursor, signal) => getProfilePosts(userId, cursor, signal),
    'Error fetching profile posts',
  );
  const count = list.items.length;
  const { listRef, onMoreRequested } = useFocusNewItems(count, 'a');

  return (
    <section className="profile-posts" aria-labelledby="profile-posts-heading">
      <h2 id="profile-posts-heading" className="section-heading">
        {isOwner ? 'Your posts' : 'Posts'}
      </h2>
      {list.status === 'loading' || list.status === 'idle' ? (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading posts…
          </p>
          <ProfilePostSkeleton />
          <ProfilePostSkeleton />
        </div>
      ) : null}
      {list.status === 'error' && list.error ? (
        <ErrorRetry message={list.error.message} onRetry={list.retry} />
      ) : null}
      {list.status === 'ready' && count === 0 ? (
        <div className="empty-state profile-posts__empty">
          {isOwner ? (
            <>
              <p>{NO_BLOGS_TEXT}</p>
              <p className="empty-state__actions">
                <Link className="button button--primary" to="/addblog">
                  Publish Blogs
                </Link>
              </p>
            </>
          ) : (
            <p>No blogs yet</p>
          )}
        </div>
      ) : null}
      {count > 0 ? (
        <ol className="profile-posts__list" ref={listRef}>
          {list.items.map((post) => (
            <li key={post.id}>
              <ProfilePostItem post={post} />
            </li>
          ))}
        </ol>
      ) : null}
      <LoadMore
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        moreError={list.moreError}
        loadMore={list.loadMore}
        label="Load more"
        onRequested={onMoreRequested}
      />
    </section>
  );
}

function ProfilePostItem({ post }: { post: Post }) {
  return (
    <article className="profile-post">
      <h3 className="profile-post__title">
        <Link to={readPostPath(post)}>{post.title}</Link>
      </h3>
      <p className="profile-post__byline">
        <AvatarInitial name={post.author.username} size="sm" />
        <span>{post.author.username}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={post.createdAt}>{formatPostDate(post.createdAt)}</time>
      </p>
      <p className="profile-post__preview">{profilePreview(post.content)}</p>
    </article>
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
