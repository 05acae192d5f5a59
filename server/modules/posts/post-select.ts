import { sql, type AliasedSelectQueryBuilder, type ExpressionBuilder, type Kysely } from 'kysely';
import { mediaCover } from '../../../contracts/media';
import { memoizeRecent } from '../../../contracts/memo';
import { readingMinutes, type NewsletterChoice, type Post, type PostStatus } from '../../../contracts/posts';
import type { DatabaseSchema } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';
import { AUTHOR_PICTURE, toAuthor } from '../users/author-row';
import { splitTags } from './post-tags';

type PostsScope = ExpressionBuilder<DatabaseSchema, 'posts'>;

/** 1 when `userId` favorited the post in scope, else 0 (a primary-key lookup). */
export function favoritedBy(eb: PostsScope, userId: string) {
  return eb
    .selectFrom('favorites')
    .whereRef('favorites.post_id', '=', 'posts.id')
    .where('favorites.user_id', '=', userId)
    .select(countAll().as('n'));
}

/** A query that picks the ids of one page of posts (at most limit + 1), aliased as `page`. */
export type PostIdPage = AliasedSelectQueryBuilder<{ id: string }, 'page'>;

/**
 * Every list of posts and the single-post read go through here, so a Post always has the same
 * shape. It is a deferred join: the caller's `page` query walks an index only (the primary key,
 * (author_id, id), favorites' or follows' keys) to choose a handful of ids; only those rows are
 * then read from posts and users. The cost of a page therefore does not grow with the table, and
 * the plan does not depend on the optimiser guessing the join order. The counts are columns of
 * posts, kept by triggers (migration 2026-11-25-0002); only a signed-in reader's `favorited` is a
 * subquery, one primary-key lookup a row.
 * Tags come with the row (posts.tags). It is one SQL statement per page on both databases.
 */
export function selectPosts(db: Kysely<DatabaseSchema>, page: PostIdPage, viewerId: string | null) {
  return (
    selectPostColumns(db, page, viewerId)
      // Ordered by the page's column, not posts.id: given posts.id, SQLite prefers walking the whole
      // primary key in order (to skip a sort of 21 rows) over starting from the page.
      .orderBy('page.id', 'desc')
  );
}

/** A query that picks one page of posts with their ordering time `at`, aliased as `page`. */
export type PostTimePage = AliasedSelectQueryBuilder<{ id: string; at: string | null }, 'page'>;

/**
 * Like selectPosts, for a page ordered by a time (publication, or last edit): newest first, the
 * id breaking ties, sorted by the page's own columns for the same reason as above.
 */
export function selectPostsByTime(db: Kysely<DatabaseSchema>, page: PostTimePage, viewerId: string | null) {
  return selectPostColumns(db, page, viewerId).orderBy(sql.ref('page.at'), 'desc').orderBy('page.id', 'desc');
}

function selectPostColumns(
  db: Kysely<DatabaseSchema>,
  page: PostIdPage | PostTimePage,
  viewerId: string | null,
) {
  return (
    db
      .selectFrom(page as PostIdPage)
      .innerJoin('posts', 'posts.id', 'page.id')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .leftJoin('media', 'media.id', 'posts.cover_id')
      .leftJoin('media as social', 'social.id', 'posts.social_image_id')
      // The post's publication: a team's, or (publication_id null) its author's own blog, whose id
      // is the author's. Both are primary-key lookups, like the author's row.
      .leftJoin('publications', (join) =>
        join.on((eb) =>
          eb('publications.id', '=', eb.fn.coalesce('posts.publication_id', 'posts.author_id')),
        ),
      )
      .leftJoin('publication_domains', (join) =>
        join
          .onRef('publication_domains.publication_id', '=', 'publications.id')
          .on('publication_domains.state', '=', 'verified'),
      )
      .select([
        'posts.id',
        'posts.title',
        'posts.content',
        'posts.tags',
        'posts.created_at',
        'posts.updated_at',
        'posts.published_at',
        'posts.version',
        'posts.author_id',
        'users.username',
        'users.handle',
        AUTHOR_PICTURE,
        'media.id as cover_id',
        'media.width as cover_width',
        'media.height as cover_height',
        'media.widths as cover_widths',
        'posts.comment_count',
        'posts.favorite_count',
        'publications.slug as publication_slug',
        'publications.name as publication_name',
        'publications.personal_user_id as publication_personal',
        'publication_domains.domain as publication_domain',
        'posts.hidden_at',
        'posts.newsletter',
        'posts.slug',
        'posts.meta_title',
        'posts.meta_description',
        'posts.canonical_url',
        'social.id as social_id',
        'social.width as social_width',
        'social.height as social_height',
        'social.widths as social_widths',
        'posts.comments_closed',
      ])
      .$if(viewerId !== null, (query) =>
        query.select((eb) => favoritedBy(eb, viewerId ?? '').as('viewer_favorited')),
      )
  );
}

/**
 * A post's reading time counts its words, a walk over every character; lists and pages ask for the
 * same posts again and again, and a version's words never change, so each is counted once.
 */
const readingMinutesOf = memoizeRecent(
  (row: Pick<PostRow, 'id' | 'version' | 'content'>) => readingMinutes(row.content),
  (row) => `${row.id}:${row.version}`,
  10_000,
);

export interface PostRow {
  id: string;
  title: string;
  content: string;
  tags: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  version: number;
  author_id: string;
  username: string;
  handle: string | null;
  author_picture_id: string | null;
  cover_id: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_widths: string | null;
  comment_count: number;
  favorite_count: number;
  publication_slug: string | null;
  publication_name: string | null;
  publication_personal: string | null;
  publication_domain: string | null;
  hidden_at: string | null;
  newsletter: NewsletterChoice | null;
  slug: string | null;
  meta_title: string | null;
  meta_description: string | null;
  canonical_url: string | null;
  social_id: string | null;
  social_width: number | null;
  social_height: number | null;
  social_widths: string | null;
  comments_closed: number;
  /** Only with a viewer. */
  viewer_favorited?: number | null;
}

/** The state a publication time means at `now` (ISO text compares in time order). */
export function statusAt(publishedAt: string | null, now: string): PostStatus {
  if (publishedAt === null) return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}

export function toPost(row: PostRow, viewerId: string | null, now: string = new Date().toISOString()): Post {
  const author = toAuthor(row);
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    status: statusAt(row.published_at, now),
    publishedAt: row.published_at,
    version: Number(row.version),
    readingMinutes: readingMinutesOf(row),
    cover: picture(row.cover_id, row.cover_width, row.cover_height, row.cover_widths),
    authorId: row.author_id,
    author,
    // Co-authors come from post_authors, read once per list (post-authors.ts's withAuthors).
    authors: [author],
    tags: splitTags(row.tags),
    // The names as typed come from the tags table, read once per list (tag-labels.ts's withTagLabels).
    tagLabels: splitTags(row.tags),
    commentCount: row.comment_count,
    favoriteCount: row.favorite_count,
    publication:
      row.publication_slug === null || row.publication_name === null
        ? null
        : {
            slug: row.publication_slug,
            name: row.publication_name,
            personal: row.publication_personal !== null,
            domain: row.publication_domain,
          },
    ...(viewerId ? { favorited: Number(row.viewer_favorited ?? 0) > 0 } : {}),
    ...(row.hidden_at !== null ? { hidden: true } : {}),
    ...(Number(row.comments_closed) === 1 ? { commentsClosed: true } : {}),
    ...newsletterField(row, now),
    slug: row.slug,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    socialImage: picture(row.social_id, row.social_width, row.social_height, row.social_widths),
    canonicalUrl: row.canonical_url,
  };
}

/** A joined media row as a picture; null when the join found none. */
function picture(
  id: string | null,
  width: number | null,
  height: number | null,
  widths: string | null,
): Post['cover'] {
  return id !== null && width !== null && height !== null && widths !== null
    ? mediaCover({ id, width, height, widths })
    : null;
}

/**
 * The saved choice is shown on a post not yet out (only its writer and editors see one) so the
 * editor can show it; a published post says only that it is email-only (it is in no list).
 */
function newsletterField(row: PostRow, now: string): { newsletter?: NewsletterChoice } {
  if (row.newsletter === null) return {};
  const out = statusAt(row.published_at, now) === 'published';
  return !out || row.newsletter === 'email-only' ? { newsletter: row.newsletter } : {};
}
