import { Skeleton } from '../../../components/ui/skeleton';

/** The read page's shape while the post loads: title, byline, a few lines of text. */
export function ReadPostSkeleton() {
  return (
    <div className="post" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading post…
      </p>
      <div className="post__header" aria-hidden="true">
        <Skeleton className="skeleton--post-title" />
        <div className="post__byline">
          <Skeleton className="skeleton--avatar-md" />
          <div className="post__byline-text">
            <Skeleton className="skeleton--text skeleton--w-30" />
            <Skeleton className="skeleton--text skeleton--w-25" />
          </div>
        </div>
      </div>
      <div className="prose post__content" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton
            key={index}
            className={index === 5 ? 'skeleton--line skeleton--w-60' : 'skeleton--line'}
          />
        ))}
      </div>
    </div>
  );
}
