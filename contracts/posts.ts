import { postSettingsFields } from './post-settings';
import type { ProfilePicture } from './profile';
import type { PostPublication } from './publications';
import { isUuid } from './ids';
import type { PostSeries } from './series';
import { typedTagsSchema } from './tags';
import { countWords } from './word-count';
import { z } from './zod';

/** Specification §5: an empty title or content is reported with this exact message. */
export const BLOG_REQUIRED_MESSAGE = 'Blog content is required';
/** Specification §8: the read page shows 'Error: ' + this message for a post that does not exist. */
export const POST_NOT_FOUND_MESSAGE = 'Post not found';
export const TITLE_MAX = 200;
export const CONTENT_MAX = 100_000;

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

function blogText(max: number, label: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? BLOG_REQUIRED_MESSAGE : `${label} must be text`,
    })
    .refine((value) => value.trim().length > 0, BLOG_REQUIRED_MESSAGE)
    .refine(
      (value) => value.length <= max,
      `${label} must be at most ${max.toLocaleString('en-US')} characters`,
    );
}

export const postInputSchema = z.object({
  title: blogText(TITLE_MAX, 'Title'),
  content: blogText(CONTENT_MAX, 'Content'),
});
export type PostInput = z.infer<typeof postInputSchema>;

/** A post's state: a draft, scheduled (published at a future time) or published. */
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The states a write may ask for; a schedule is asked for with `publishAt`. */
export const WRITABLE_STATUSES = ['draft', 'published'] as const;
export type WritableStatus = (typeof WRITABLE_STATUSES)[number];

export const STATUS_MESSAGE = "status must be 'draft' or 'published'";
export const PUBLISH_AT_MESSAGE =
  'publishAt must be a date and time in ISO 8601 form, like 2026-12-01T09:00:00Z';
export const PUBLISH_AT_PAST_MESSAGE = 'publishAt must be in the future';
export const PUBLISH_AT_DRAFT_MESSAGE = 'A draft has no publication time: send publishAt without status';
export const VERSION_MESSAGE = 'version must be a whole number of at least 1';
export const STALE_VERSION_MESSAGE =
  'This post was changed elsewhere since you opened it; reload it to see the latest version';
export const COVER_NOT_FOUND_MESSAGE = 'Cover image not found';
export const PUBLICATION_FIELD_MESSAGE = "publication must be a publication's address";
export const PUBLICATION_UNKNOWN_MESSAGE = 'Publication not found';
export const MOVE_FORBIDDEN_MESSAGE = 'Only its author can move a post to another publication';
/** A schedule further away than this is surely a typo (a year off). */
export const PUBLISH_AT_MAX_DAYS = 366 * 5;

/** Readers read about this many words a minute (Medium's figure is 265; prose with code is slower). */
export const WORDS_PER_MINUTE = 230;

/**
 * A draft's text: like blogText without the emptiness rule, since a draft is saved while it is being
 * written (docs/decisions/0023-drafts-and-scheduling.md). Publishing still requires both fields.
 */
function draftText(max: number, label: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? BLOG_REQUIRED_MESSAGE : `${label} must be text`,
    })
    .refine(
      (value) => value.length <= max,
      `${label} must be at most ${max.toLocaleString('en-US')} characters`,
    );
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 instant with a zone (Z or an offset), normalized to UTC with milliseconds. */
export const publishAtSchema = z
  .string({ error: PUBLISH_AT_MESSAGE })
  .regex(ISO_INSTANT, PUBLISH_AT_MESSAGE)
  .transform((raw, ctx) => {
    const time = Date.parse(raw);
    if (Number.isNaN(time)) {
      ctx.addIssue({ code: 'custom', message: PUBLISH_AT_MESSAGE });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

/**
 * What `POST` and `PUT /api/post/blog` accept: the form's fields plus optional `tags` (normalized
 * by the shared rule in tags.ts, each keeping the name it was typed with), the state asked for, a cover picture and, on PUT, the version the
 * editor started from.
 * - Neither `status` nor `publishAt`: POST publishes now (specification §7); PUT keeps the post's state.
 * - `status: 'draft'`: a draft (PUT: unpublishes). Title and content may then be empty.
 * - `status: 'published'`: published now (PUT of a published post keeps its publication time).
 * - `publishAt` (future): scheduled for then.
 * - `coverId`: an image the writer uploaded (POST /api/media); null removes the cover (PUT).
 * - `version` (PUT): when it is not the post's current version, the answer is 409.
 * - `publication`: the address of a publication the author is a member of; without it
 *   POST writes to the author's own blog and PUT keeps the post where it is.
 * - `seriesId` (decision 0086): a series the writer manages, of the post's blog, which the post
 *   joins as its last part (a post already in it keeps its place); null takes it out of its series.
 * A PUT without `tags` keeps the post's tags; without `coverId` its cover; without `seriesId` its
 * series. `autosave: true` marks a save the editor made at a pause in typing (the version history
 * coalesces those).
 */
/**
 * Whether publishing emails the post to its list's subscribers: `email` (publish and email),
 * `web` (publish on the web only) or `email-only` (emailed, and kept off every list, feed, sitemap
 * and search, its own page reachable by its link). Absent: the list's default. Decisions 61, 65.
 */
export const NEWSLETTER_CHOICES = ['email', 'web', 'email-only'] as const;
export type NewsletterChoice = (typeof NEWSLETTER_CHOICES)[number];
export const AUTOSAVE_MESSAGE = 'autosave must be true or false';
export const SERIES_ID_MESSAGE = 'seriesId must be a series id or null';
/**
 * series.ts's SERIES_NOT_FOUND_MESSAGE, written again rather than imported: a value import would
 * make series.ts, which the read page loads, a file of its own shared with the writing page.
 */
const NO_SUCH_SERIES_MESSAGE = 'Series not found';
export const NEWSLETTER_CHOICE_MESSAGE = 'newsletter must be "email", "web" or "email-only"';

export const postWriteSchema = z
  .object({
    title: draftText(TITLE_MAX, 'Title'),
    content: draftText(CONTENT_MAX, 'Content'),
    tags: typedTagsSchema.optional(),
    status: z.enum(WRITABLE_STATUSES, { error: STATUS_MESSAGE }).optional(),
    publishAt: publishAtSchema.optional(),
    coverId: z
      .string({ error: 'coverId must be text or null' })
      .max(64, COVER_NOT_FOUND_MESSAGE)
      .nullable()
      .optional(),
    version: z.number({ error: VERSION_MESSAGE }).int(VERSION_MESSAGE).min(1, VERSION_MESSAGE).optional(),
    publication: z
      .string({ error: PUBLICATION_FIELD_MESSAGE })
      .trim()
      .toLowerCase()
      .min(1, PUBLICATION_FIELD_MESSAGE)
      .max(63, PUBLICATION_UNKNOWN_MESSAGE)
      .optional(),
    newsletter: z.enum(NEWSLETTER_CHOICES, { error: NEWSLETTER_CHOICE_MESSAGE }).optional(),
    // The post's own settings: slug, metaTitle, metaDescription, socialImageId, canonicalUrl (decision 79).
    ...postSettingsFields,
    seriesId: z
      .string({ error: SERIES_ID_MESSAGE })
      .refine(isUuid, NO_SUCH_SERIES_MESSAGE)
      .nullable()
      .optional()
      .describe(
        'A series (one you manage, of the post’s blog) to put the post in, as its last part; the same series keeps its place; null takes it out of its series; absent changes nothing',
      ),
    autosave: z
      .boolean({ error: AUTOSAVE_MESSAGE })
      .optional()
      .describe(
        'true: saved at a pause in typing; such saves minutes apart share one entry of the version history',
      ),
  })
  .superRefine((input, ctx) => {
    if (input.publishAt !== undefined && input.status === 'draft') {
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: PUBLISH_AT_DRAFT_MESSAGE });
    }
  });
export type PostWriteInput = z.infer<typeof postWriteSchema>;

/** `POST /api/post/preview`: Markdown to render exactly as the read page would. */
export const previewInputSchema = z.object({ content: draftText(CONTENT_MAX, 'Content') });
export type PreviewInput = z.infer<typeof previewInputSchema>;

export interface PreviewResponse {
  response: { contentHtml: string };
}

/** Reading time in whole minutes, at least 1: words (see word-count.ts) over WORDS_PER_MINUTE. */
export function readingMinutes(markdown: string): number {
  const words = countWords(markdown);
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** One stored picture, as a post's cover or an upload's answer (see media.ts). */
export interface PostCover {
  id: string;
  /** The largest stored width. */
  url: string;
  width: number;
  height: number;
  /** Every stored width, for the img element's srcset. */
  srcset: string;
}

export interface Author {
  id: string;
  username: string;
  /** What mentions and /@handle address them by (docs/decisions/0051-handles.md); null for a former member. */
  handle: string | null;
  /**
   * The uploaded profile picture (64, 128 and 256 px squares; docs/decisions/0068 and 0073); null
   * for none. Posts, comments and search results carry it; the few answers that show no face
   * (moderation queues, notifications) leave it out.
   */
  picture?: ProfilePicture | null;
}

export interface Post {
  id: string;
  title: string;
  /** Markdown. */
  content: string;
  createdAt: string;
  /** After publishedAt (by more than a minute's autosave noise, the web decides): "edited". */
  updatedAt: string;
  status: PostStatus;
  /** The publication time (future when scheduled); null for a draft. Lists order by it. */
  publishedAt: string | null;
  /** 1 when written, +1 on every update; PUT may send it back to detect a stale edit (409). */
  version: number;
  /** Whole minutes at WORDS_PER_MINUTE, at least 1, computed on the server from the Markdown. */
  readingMinutes: number;
  cover: PostCover | null;
  authorId: string;
  author: Author;
  /**
   * Every author in byline order (docs/decisions/0085-co-authors.md): `author` first, then the
   * writers who accepted to co-write it, at most four in all. `author` alone deletes or moves it.
   */
  authors: Author[];
  /** Topics' addresses (normalized names) in the writer's order (at most 5); [] for none. Links use these. */
  tags: string[];
  /**
   * The same topics, in the same order, by the names their first writers typed (`C++` for `c++`):
   * what pages show. A topic from before names were kept, or not yet published anywhere, shows its address.
   */
  tagLabels: string[];
  commentCount: number;
  favoriteCount: number;
  /**
   * The publication it is in: a team's, or its author's own blog (`personal`); null only for
   * accounts without a blog (former members).
   */
  publication: PostPublication | null;
  /** Present only when the request carries a valid token. */
  favorited?: boolean;
  /** Only to its author: an operator hid it (or suspended its author); no one else sees it. */
  hidden?: boolean;
  /** Present (true) only when its author closed its comments: it takes no new ones (decision 0077). */
  commentsClosed?: boolean;
  /**
   * A draft's or scheduled post's newsletter choice, as saved (absent: none yet), for those who may
   * see it unpublished; an email-only post also says so once published (it is in no list).
   */
  newsletter?: NewsletterChoice;
  /**
   * Its address on its blog's site (`/posts/{slug}`); null: addressed by its id there. Given when
   * first published, from the title, unless its writer chose one (decision 79).
   */
  slug: string | null;
  /** What search engines and link previews show; null: the title. */
  metaTitle: string | null;
  /** null: the post's summary. */
  metaDescription: string | null;
  /** The link previews' picture, apart from the cover; null: the cover. */
  socialImage: PostCover | null;
  /** Where it was first published: the canonical link, og:url and JSON-LD name it; null: here. */
  canonicalUrl: string | null;
}

/**
 * A post as the read page shows it (GET /api/post/blog): the Markdown is also rendered and
 * sanitized on the server, so readers never download a Markdown renderer or a highlighter.
 */
export interface ReadablePost extends Post {
  /** Sanitized HTML of `content`; its headings start at h2, under the post's h1 title. */
  contentHtml: string;
  /** The first picture in the post with an absolute address, for link previews; null without one. */
  imageUrl: string | null;
  /** The series the post is a part of, as readers see it (docs/decisions/0078-series.md); else null. */
  series: PostSeries | null;
  /** Likes from the social web, one per remote account (decision 0084). */
  socialLikes: number;
  /** Boosts (reposts) from the social web, one per remote account (decision 0084). */
  socialReposts: number;
}

/** One page of a newest-first (or, for comments, oldest-first) list. */
export interface Page<T> {
  response: T[];
  /** Opaque; pass back as `cursor` for the next page. null on the last page. */
  nextCursor: string | null;
}

export interface PostResponse {
  response: Post;
}

export interface ReadablePostResponse {
  response: ReadablePost;
}

export interface MessageResponse {
  message: string;
}

/** The 409 of a stale PUT: the post has moved on to `currentVersion`. */
export interface StaleVersionResponse {
  message: string;
  currentVersion: number;
}
