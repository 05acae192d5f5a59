/**
 * Series (docs/decisions/0078-series.md): a writer's (or a publication's) posts in a chosen order,
 * with a title and a description. Types and constants only: the read page imports them, and its
 * first load must not carry Zod (the input schemas are in series-input.ts).
 */

export const SERIES_TITLE_MAX = 120;
export const SERIES_DESCRIPTION_MAX = 1000;
/** Parts a series may have: a long course, not an archive. */
export const SERIES_PARTS_MAX = 100;

export const SERIES_NOT_FOUND_MESSAGE = 'Series not found';
export const SERIES_FORBIDDEN_MESSAGE = 'You can only change your own series or your publications’ series';
export const SERIES_POST_ELSEWHERE_MESSAGE =
  'A post can be in only one series: remove it from the other first';
export const SERIES_POST_NOT_YOURS_MESSAGE =
  'A series holds only posts of its own blog: yours, or its publication’s';
export const SERIES_FULL_MESSAGE = `A series can have at most ${SERIES_PARTS_MAX} posts`;

/** The series page's address (server-rendered; its feeds are /rss.xml and /atom.xml with ?series=). */
export const SERIES_PATH = '/series';
export const seriesPath = (id: string) => `${SERIES_PATH}?id=${encodeURIComponent(id)}`;

/** One part as a link: the post's id (its page is /readblog?id=) and title. */
export interface SeriesLink {
  id: string;
  title: string;
}

/**
 * `series` on a post read: where the post sits among the series' parts that readers can see,
 * enough for "Part 3 of 7", the list and previous/next without another request. null when the
 * post is in no series, or is not itself one of the visible parts.
 */
export interface PostSeries {
  id: string;
  title: string;
  /** 1-based. */
  part: number;
  total: number;
  previous: SeriesLink | null;
  next: SeriesLink | null;
  parts: SeriesLink[];
}

/** A part on the series page: the post's card in short. */
export interface SeriesPart extends SeriesLink {
  /** The writer's summary, or the start of the text. */
  description: string;
  /** null for a draft. */
  publishedAt: string | null;
  /** Only in the manager's view: whether readers see it (published, not hidden, listed). */
  visible?: boolean;
}

/** Whose series it is: a writer's blog, or a team publication. */
export interface SeriesOwner {
  id: string;
  username: string;
  publication: { id: string; slug: string; name: string } | null;
}

/** GET /api/series: a series with its parts in order (the visible ones to readers). */
export interface Series {
  id: string;
  title: string;
  description: string;
  owner: SeriesOwner;
  createdAt: string;
  updatedAt: string;
  parts: SeriesPart[];
}

/** GET /api/series/list: a series on a profile or a publication's site. */
export interface SeriesSummary {
  id: string;
  title: string;
  description: string;
  /** Parts readers can see. */
  partCount: number;
  updatedAt: string;
}

/** POST /api/series. */
export interface CreateSeriesInput {
  title: string;
  description?: string;
  /** A team publication's slug: the series is the publication's (its editors manage it). */
  publication?: string | null;
}

/** PUT /api/series. */
export interface UpdateSeriesInput {
  title: string;
  description?: string;
}

/** PUT /api/series/posts: the whole ordered list of the series' posts (add, remove, reorder at once). */
export interface SeriesPostsInput {
  postIds: string[];
}
