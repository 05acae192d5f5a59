import type { PostCover } from '../../../../../contracts/posts';

/**
 * A post's cover picture at the width the layout needs (srcset), with its intrinsic size so the
 * page reserves its box before it loads (no layout shift). Decorative next to the title (alt="").
 * `eager` above the fold (the read page), lazy in lists.
 */
export function CoverImage({
  cover,
  className,
  sizes,
  eager = false,
}: {
  cover: PostCover;
  className: string;
  sizes: string;
  eager?: boolean;
}) {
  return (
    <img
      className={className}
      src={cover.url}
      srcSet={cover.srcset}
      sizes={sizes}
      width={cover.width}
      height={cover.height}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
