import { Avatar } from '../../../components/ui/avatar';
import { LocalDate } from '../../../components/ui/local-date';
import { Skeleton } from '../../../components/ui/skeleton';
import { profilePath, readPostPath } from '../../../lib/paths';
import type { PostSummary } from '../../../lib/post-summary';
import { TagLinks } from '../../../components/ui/tag-links';
import { DiscussCount } from './discuss-count';
import { CardFavorite } from '../../social';
import { AppLink } from '../../../components/ui/app-link';
import { CoverImage } from './cover-image';
import { PublicationCredit } from './publication-credit';
import { CoAuthorLinks } from '../../../components/ui/co-author-links';

/**
 * One post in a list (SPEC §2): the author's initial and name, the date, the title, the preview
 * of SPEC §9 and the real discussion count. The title's link covers the whole card (see
 * posts.css), so the card is one click target and one tab stop, plus the author's own link.
 */
export function PostCard({ post }: { post: PostSummary }) {
  return (
    <article className="post-card">
      <p className="post-card__author">
        <Avatar name={post.author.username} picture={post.author.picture} size="sm" />
        {/* One line of text, so "in <publication>" wraps like words after the name. */}
        <span className="post-card__byline">
          <AppLink className="post-card__author-name" to={profilePath(post.author)}>
            {post.author.username}
          </AppLink>
          <CoAuthorLinks coAuthors={post.coAuthors} className="post-card__author-name" />
          <PublicationCredit publication={post.publication} className="post-card__publication" />
        </span>
      </p>
      <h2 className="post-card__title">
        <AppLink className="post-card__link" to={readPostPath(post)} data-card-link="">
          {post.title}
        </AppLink>
      </h2>
      {post.cover && (
        <CoverImage className="post-card__cover" cover={post.cover} sizes="(max-width: 40rem) 100vw, 40rem" />
      )}
      <p className="post-card__preview">{post.preview}</p>
      <TagLinks
        tags={post.tags}
        labels={post.tagLabels}
        className="post-card__tags"
        label={`Topics of ${post.title}`}
      />
      <p className="post-card__meta">
        <LocalDate iso={post.publishedAt ?? post.createdAt} />
        <span>{post.readingMinutes} min read</span>
        <DiscussCount count={post.commentCount} />
        <CardFavorite post={post} />
      </p>
    </article>
  );
}

/** The same box as PostCard with grey bars, so nothing moves when the posts arrive. */
export function PostCardSkeleton() {
  return (
    <div className="post-card post-card--skeleton" aria-hidden="true">
      <p className="post-card__author">
        <Skeleton className="skeleton--avatar-sm" />
        <Skeleton className="skeleton--text skeleton--w-25" />
      </p>
      <p className="post-card__title">
        <Skeleton className="skeleton--title" />
      </p>
      <p className="post-card__preview">
        <Skeleton className="skeleton--text" />
        <Skeleton className="skeleton--text skeleton--narrow-only" />
        <Skeleton className="skeleton--text skeleton--w-70" />
      </p>
      <p className="post-card__meta">
        <Skeleton className="skeleton--text skeleton--w-30" />
      </p>
    </div>
  );
}
