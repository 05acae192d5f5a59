import type { PreviewLink } from '../../contracts/post-previews';
import type { HandleSuggestion } from '../../contracts/handles';
import { z } from 'zod';
import type { ApiKey, CreatedApiKey } from '../../contracts/api-keys';
import type {
  Account,
  MessageResponse,
  Profile,
  SignInResponse,
  SignUpResponse,
  UserUpdateResponse,
} from '../../contracts/auth';
import type { Comment } from '../../contracts/comments';
import type { CoauthorInvitation, PendingCoauthorInvitation, PostAuthors } from '../../contracts/coauthors';
import type { Discover } from '../../contracts/discover';
import {
  MODERATION_ACTIONS,
  MODERATION_TARGET_KINDS,
  REPORT_REASONS,
  REPORT_STATES,
  TARGET_KINDS,
  type InstanceFigures,
  type ModeratedUser,
  type ModerationLogEntry,
  type ModerationTarget,
  type Report,
  type StaffPick,
  type Testimonial,
} from '../../contracts/moderation';
import { NOTIFICATION_KINDS, type NotificationGroup, type UnreadCount } from '../../contracts/notifications';
import {
  NEWSLETTER_CHOICES,
  type Author,
  type Post,
  type PostCover,
  type ReadablePost,
} from '../../contracts/posts';
import type { SearchResult, SearchSuggestions } from '../../contracts/search';
import type { PostSeries } from '../../contracts/series';
import type { TagInfo, TagSummary } from '../../contracts/tags';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  WEBHOOK_PING_EVENT,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
} from '../../contracts/webhooks';
import { agrees } from './agrees';
import {
  exampleAccount,
  exampleApiKey,
  exampleComment,
  examplePost,
  exampleProfile,
  exampleReadablePost,
  exampleWebhook,
} from './examples';

/*
 * What the API answers, as Zod schemas named for the OpenAPI document's components. Each is tied
 * to the contract type the code builds the answer with (agrees<…>), so the two cannot drift apart;
 * strict objects, so an answer carrying an undeclared field fails the API tests.
 */

const id = z.string().describe('A UUID (version 7).');
const time = z.string().describe('An ISO 8601 time in UTC.');

/** `{response: T}`, the envelope of every single answer. */
export const answer = <T extends z.ZodType>(schema: T) => z.strictObject({ response: schema });

/** One page of a list: `{response: T[], nextCursor}`. */
export const page = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    response: z.array(item),
    nextCursor: z
      .string()
      .nullable()
      .describe('Opaque: send it back as `cursor` for the next page; null on the last.'),
  });

export const messageAnswer = z.strictObject({ message: z.string() }).meta({ id: 'Message' });
agrees<z.output<typeof messageAnswer>, MessageResponse>();

export const profilePictureSchema = z
  .strictObject({
    id,
    url: z.string().describe('The largest size (256 px square).'),
    srcset: z.string().describe('Every stored size (64, 128, 256 px), for the img element.'),
  })
  .meta({ id: 'ProfilePicture' });

export const authorSchema = z
  .strictObject({
    id,
    username: z.string(),
    handle: z
      .string()
      .nullable()
      .describe('What mentions and /@handle address them by; null for a former member.'),
    picture: profilePictureSchema
      .nullable()
      .optional()
      .describe('The uploaded picture; null when none. Left out by answers that show no face.'),
  })
  .meta({ id: 'Author' });
agrees<z.output<typeof authorSchema>, Author>();

export const handleSuggestionSchema = z
  .strictObject({ id, username: z.string(), handle: z.string() })
  .meta({ id: 'HandleSuggestion' });
agrees<z.output<typeof handleSuggestionSchema>, HandleSuggestion>();

export const pictureSchema = z
  .strictObject({
    id,
    url: z.string().describe('The largest stored width.'),
    width: z.number().int(),
    height: z.number().int(),
    srcset: z.string().describe("Every stored width, for an img element's srcset."),
  })
  .meta({ id: 'Picture' });
agrees<z.output<typeof pictureSchema>, PostCover>();

const postShape = {
  id,
  title: z.string(),
  content: z.string().describe('Markdown.'),
  createdAt: time,
  updatedAt: time,
  status: z.enum(['draft', 'scheduled', 'published']),
  publishedAt: time.nullable().describe('Future when scheduled; null for a draft. Lists order by it.'),
  version: z.number().int().describe('1 when written, +1 on every update.'),
  readingMinutes: z.number().int(),
  cover: pictureSchema.nullable(),
  authorId: id,
  author: authorSchema,
  authors: z
    .array(authorSchema)
    .describe(
      'Every author in byline order: `author` first, then the co-authors who accepted (at most four in all).',
    ),
  tags: z
    .array(z.string())
    .describe("The topics' addresses (normalized names) in the writer's order: /topic/{name} links to one."),
  tagLabels: z
    .array(z.string())
    .describe(
      'The same topics in the same order, each by the name its first writer typed (`C++` for `c++`); what pages show.',
    ),
  commentCount: z.number().int(),
  favoriteCount: z.number().int(),
  publication: z
    .strictObject({
      slug: z.string(),
      name: z.string(),
      personal: z.boolean().describe("The author's own blog, rather than a team's publication."),
      domain: z.string().nullable().describe('Its verified custom domain.'),
    })
    .nullable()
    .describe('The publication the post is in; null for a former member without a blog.'),
  favorited: z.boolean().optional().describe('Only with a token: whether the viewer favorited it.'),
  hidden: z
    .boolean()
    .optional()
    .describe('Only to its author: an operator hid the post (or suspended its author); no one else sees it.'),
  commentsClosed: z
    .boolean()
    .optional()
    .describe('Present (true) only when its author closed its comments: it takes no new ones.'),
  newsletter: z
    .enum(NEWSLETTER_CHOICES)
    .optional()
    .describe(
      "A draft's or scheduled post's saved newsletter choice (to those who see it unpublished); on a published post only `email-only`, which keeps it off every list.",
    ),
  slug: z
    .string()
    .nullable()
    .describe("Its address on its blog's site (`/posts/{slug}`); null: addressed by its id there."),
  metaTitle: z.string().nullable().describe('What search engines and link previews show; null: the title.'),
  metaDescription: z
    .string()
    .nullable()
    .describe("Search engines' and link previews' text; null: the summary."),
  socialImage: pictureSchema
    .nullable()
    .describe("The link previews' picture, apart from the cover; null: the cover."),
  canonicalUrl: z
    .string()
    .nullable()
    .describe('Where the post was first published: its canonical link names it; null: here.'),
};
export const postSchema = z.strictObject(postShape).meta({ id: 'Post', examples: [examplePost] });
agrees<z.output<typeof postSchema>, Post>();

const seriesLinkSchema = z.strictObject({ id, title: z.string() }).meta({ id: 'SeriesLink' });
export const postSeriesSchema = z
  .strictObject({
    id,
    title: z.string(),
    part: z.number().int().describe('1-based, among the parts readers can see.'),
    total: z.number().int(),
    previous: seriesLinkSchema.nullable(),
    next: seriesLinkSchema.nullable(),
    parts: z.array(seriesLinkSchema).describe('Every part readers can see, in order.'),
  })
  .meta({ id: 'PostSeries' });
agrees<z.output<typeof postSeriesSchema>, PostSeries>();

export const readablePostSchema = z
  .strictObject({
    ...postShape,
    contentHtml: z.string().describe('The Markdown rendered and sanitized on the server.'),
    imageUrl: z.string().nullable().describe('The first picture in the post, for link previews.'),
    series: postSeriesSchema
      .nullable()
      .describe('The series the post is a part of ("Part 3 of 7"), as readers see it; null outside one.'),
    socialLikes: z
      .number()
      .int()
      .describe('Likes from the social web (Mastodon and the like), one per account.'),
    socialReposts: z.number().int().describe('Boosts from the social web, one per account.'),
  })
  .meta({ id: 'ReadablePost', examples: [exampleReadablePost] });
agrees<z.output<typeof readablePostSchema>, ReadablePost>();

export const searchResultSchema = z
  .strictObject({
    ...postShape,
    snippet: z.string().describe('HTML: escaped text with <mark> around the matched words.'),
    titleSnippet: z.string().describe('HTML: the title, escaped, with <mark> around the matched words.'),
  })
  .meta({ id: 'SearchResult' });
agrees<z.output<typeof searchResultSchema>, SearchResult>();

const handle = z.string().nullable().describe('What mentions and /@handle address the account by.');
export const signUpAnswer = z.strictObject({
  jwt: z.string(),
  userId: id,
  username: z.string(),
  handle: z.string().describe('Chosen at sign-up, or proposed from the name.'),
});
agrees<z.output<typeof signUpAnswer>, SignUpResponse>();
export const signInAnswer = z.strictObject({ jwt: z.string(), username: z.string(), id });
agrees<z.output<typeof signInAnswer>, SignInResponse>();
agrees<z.output<typeof signInAnswer>, UserUpdateResponse>();

const profileLinkSchema = z
  .strictObject({
    url: z.string().describe('An https address.'),
    label: z
      .string()
      .describe(
        "The service's name when known (GitHub, Bluesky…), `@name@host` for a Mastodon account, else the host.",
      ),
  })
  .meta({ id: 'ProfileLink' });

export const profileLinksSchema = z
  .strictObject({
    website: profileLinkSchema.nullable(),
    elsewhere: z.array(profileLinkSchema).describe('At most 5 profiles elsewhere, in the writer’s order.'),
  })
  .meta({ id: 'ProfileLinks' });

export const accountSchema = z
  .strictObject({
    id,
    username: z.string(),
    handle,
    email: z.string(),
    bio: z.string().nullable(),
    image: z.string().nullable().describe("A picture's http(s) address."),
    picture: profilePictureSchema.nullable(),
    links: profileLinksSchema,
    isOperator: z.boolean().describe('Whether this account is an operator of the instance (ADMIN_EMAILS).'),
  })
  .meta({ id: 'Account', examples: [exampleAccount] });
agrees<z.output<typeof accountSchema>, Account>();

export const profileSchema = z
  .strictObject({
    id,
    username: z.string(),
    handle,
    createdAt: time,
    postCount: z.number().int(),
    followerCount: z.number().int(),
    followingCount: z.number().int(),
    bio: z.string().nullable().describe('What they wrote about themself; null when not given.'),
    image: z
      .string()
      .nullable()
      .describe(
        "A picture's http(s) address (the uploaded picture's largest size when there is one); null when not given.",
      ),
    picture: profilePictureSchema.nullable().describe('The uploaded picture; null when none.'),
    links: profileLinksSchema,
    pinnedPost: postSchema
      .nullable()
      .describe('The published post pinned to the top of the profile; null when none.'),
    following: z.boolean().optional().describe('Only with a token: whether the viewer follows them.'),
  })
  .meta({ id: 'Profile', examples: [exampleProfile] });
agrees<z.output<typeof profileSchema>, Profile>();

const anchorSchema = z
  .strictObject({
    quote: z.string(),
    prefix: z.string(),
    suffix: z.string(),
    found: z.boolean().describe('Whether the post as it is now still holds the passage.'),
  })
  .meta({ id: 'CommentAnchor' });

// Replies are comments too: declared lazily, since a comment holds its replies.
export const commentSchema: z.ZodType<Comment> = z
  .strictObject({
    id,
    postId: id,
    body: z.string().describe("Markdown; '' once deleted."),
    bodyHtml: z.string(),
    createdAt: time,
    author: authorSchema.nullable().describe('null for a deleted comment kept for its replies.'),
    parentId: id.nullable(),
    editedAt: time.nullable(),
    deleted: z.boolean(),
    get replies() {
      return z.array(commentSchema).optional();
    },
    anchor: anchorSchema.nullable().describe('An in-line comment’s passage, or null.'),
    hidden: z.boolean().optional().describe('Only to its author: an operator hid it.'),
    withheld: z
      .enum(['held', 'hidden'])
      .optional()
      .describe(
        "Only to its writer (and in the post's author's queue): `held` awaits the post's author's approval, `hidden` the post's author hid it. No one else sees it.",
      ),
    remote: z
      .strictObject({
        actor: z.string().describe('The remote actor’s id.'),
        handle: z.string().describe('`@user@host`, also the author’s `username`.'),
        name: z.string().nullable(),
        profileUrl: z.string().nullable().describe('Their profile page on their server.'),
        pictureUrl: z.string().nullable().describe('Their picture’s address on their server.'),
        url: z.string().nullable().describe('The original’s address on its server.'),
      })
      .optional()
      .describe(
        'Only on a comment that came from the social web (a reply from Mastodon and the like): who wrote it there and where the original is. The author fields hold `@user@host` as `username` and no handle.',
      ),
  })
  .meta({ id: 'Comment', examples: [exampleComment] });

export const tagSummarySchema = z
  .strictObject({
    name: z.string().describe("The topic's address (normalized name)."),
    label: z
      .string()
      .describe('The name its first writer typed; the address for topics from before names were kept.'),
    postCount: z.number().int(),
  })
  .meta({ id: 'TagSummary' });
agrees<z.output<typeof tagSummarySchema>, TagSummary>();

/** GET /api/tags: Inkwell's list, and the same names as RealWorld (Conduit) clients read them. */
export const tagsListAnswer = z.strictObject({
  response: z.array(tagSummarySchema),
  tags: z.array(z.string()).describe("The same topics' names, for RealWorld (Conduit) clients."),
});

export const tagInfoSchema = z
  .strictObject({
    name: z.string().describe("The topic's address (normalized name)."),
    label: z
      .string()
      .describe('The name its first writer typed; the address for topics from before names were kept.'),
    postCount: z.number().int(),
    followerCount: z.number().int(),
    following: z.boolean().optional().describe('Only with a token: whether the viewer follows the topic.'),
  })
  .meta({ id: 'TagInfo' });
agrees<z.output<typeof tagInfoSchema>, TagInfo>();

export const suggestionsSchema = z
  .strictObject({
    posts: z.array(z.strictObject({ id, title: z.string(), author: authorSchema })),
    tags: z.array(tagSummarySchema),
    authors: z.array(authorSchema),
  })
  .meta({ id: 'SearchSuggestions' });
agrees<z.output<typeof suggestionsSchema>, SearchSuggestions>();

export const discoverSchema = z
  .strictObject({
    staffPicks: z.strictObject({
      chosenBy: z.enum(['most-favorited', 'operator']),
      windowDays: z.number().int(),
      posts: z.array(postSchema),
    }),
    topics: z.array(tagSummarySchema),
    whoToFollow: z.array(
      z.strictObject({
        id,
        username: z.string(),
        handle: z.string().nullable(),
        picture: profilePictureSchema.nullable().describe('The uploaded picture; null when none.'),
        postCount: z.number().int(),
        followerCount: z.number().int(),
        latestPostAt: time,
        following: z.boolean().optional(),
      }),
    ),
    changelog: z.array(
      z.strictObject({
        version: z.string(),
        date: z.string().nullable(),
        sections: z.array(z.strictObject({ title: z.string(), items: z.array(z.string()) })),
      }),
    ),
  })
  .meta({ id: 'Discover' });
agrees<z.output<typeof discoverSchema>, Discover>();

export const notificationSchema = z
  .strictObject({
    id,
    kind: z
      .enum(NOTIFICATION_KINDS)
      .describe(
        '`social-like`, `social-repost`, `social-follow` and `follow-request` come from the social web: `remote` says who.',
      ),
    unread: z.boolean(),
    createdAt: time,
    actor: authorSchema,
    remote: z
      .strictObject({
        handle: z.string().describe('`@user@host`.'),
        name: z.string().nullable(),
        profileUrl: z.string().nullable().describe('Their profile page on their server.'),
        pictureUrl: z.string().nullable().describe('Their picture there (https only).'),
      })
      .nullable()
      .describe(
        'Who acted last, when they are on another server of the social web; null for an account here.',
      ),
    others: z.number().int().describe('How many other people did the same.'),
    post: z.strictObject({ id, title: z.string(), author: authorSchema }).nullable(),
    comment: z.strictObject({ id, excerpt: z.string() }).nullable(),
    publication: z
      .strictObject({ slug: z.string(), name: z.string() })
      .nullable()
      .describe('The publication an invitation is to (answered on /publications); null otherwise.'),
  })
  .meta({ id: 'Notification' });
agrees<z.output<typeof notificationSchema>, NotificationGroup>();

export const unreadSchema = z.strictObject({ unread: z.number().int() });
agrees<z.output<typeof unreadSchema>, UnreadCount>();

const apiKeyShape = {
  id,
  name: z.string(),
  scope: z.enum(['read', 'write']),
  hint: z.string().describe("The key's first characters, to tell keys apart."),
  createdAt: time,
  expiresAt: time.nullable(),
  lastUsedAt: time.nullable().describe('To the minute.'),
};
export const apiKeySchema = z.strictObject(apiKeyShape).meta({ id: 'ApiKey', examples: [exampleApiKey] });
agrees<z.output<typeof apiKeySchema>, ApiKey>();
export const createdApiKeySchema = z
  .strictObject({ ...apiKeyShape, token: z.string().describe('The key itself: shown this once.') })
  .meta({ id: 'CreatedApiKey' });
agrees<z.output<typeof createdApiKeySchema>, CreatedApiKey>();

export const previewLinkSchema = z
  .strictObject({
    id,
    postId: id,
    url: z.string().describe('The address to share: whoever has it reads the unpublished post.'),
    createdAt: time,
    expiresAt: time.nullable().describe('null: until revoked or the post is published.'),
  })
  .meta({ id: 'PreviewLink' });
agrees<z.output<typeof previewLinkSchema>, PreviewLink>();

export const coauthorInvitationSchema = z
  .strictObject({
    writer: authorSchema,
    state: z
      .enum(['pending', 'declined'])
      .describe('`declined` stays listed for the first author; inviting again asks once more.'),
    invitedAt: time,
  })
  .meta({ id: 'CoauthorInvitation' });
agrees<z.output<typeof coauthorInvitationSchema>, CoauthorInvitation>();

export const postAuthorsSchema = z
  .strictObject({
    authors: z.array(authorSchema).describe('In byline order; the first is the post’s author.'),
    invitations: z
      .array(coauthorInvitationSchema)
      .describe('Only to the first author: the writers asked who have not accepted.'),
  })
  .meta({ id: 'PostAuthors' });
agrees<z.output<typeof postAuthorsSchema>, PostAuthors>();

export const pendingCoauthorInvitationSchema = z
  .strictObject({
    post: z.strictObject({
      id,
      title: z.string(),
      status: z.enum(['draft', 'scheduled', 'published']),
      author: authorSchema,
    }),
    invitedAt: time,
  })
  .meta({ id: 'PendingCoauthorInvitation' });
agrees<z.output<typeof pendingCoauthorInvitationSchema>, PendingCoauthorInvitation>();

export const favoriteStateSchema = z
  .strictObject({ favorited: z.boolean(), favoriteCount: z.number().int() })
  .meta({ id: 'FavoriteState' });

export const blockStateSchema = z.strictObject({ blocked: z.boolean() }).meta({ id: 'BlockState' });

const webhookShape = {
  id,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean().describe('Paused hooks receive nothing; their queued deliveries wait.'),
  createdAt: time,
};
export const webhookSchema = z.strictObject(webhookShape).meta({ id: 'Webhook', examples: [exampleWebhook] });
agrees<z.output<typeof webhookSchema>, Webhook>();
export const createdWebhookSchema = z
  .strictObject({ ...webhookShape, secret: z.string().describe('The signing secret: shown this once.') })
  .meta({ id: 'CreatedWebhook' });
agrees<z.output<typeof createdWebhookSchema>, CreatedWebhook>();

export const webhookDeliverySchema = z
  .strictObject({
    id,
    event: z.enum([...WEBHOOK_EVENTS, WEBHOOK_PING_EVENT]),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z.number().int(),
    lastStatus: z
      .number()
      .int()
      .nullable()
      .describe("The receiver's last HTTP status; null when nothing answered."),
    lastError: z.string().nullable(),
    createdAt: time,
    nextAttemptAt: time.nullable(),
    deliveredAt: time.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
agrees<z.output<typeof webhookDeliverySchema>, WebhookDelivery>();

const moderationTargetSchema = z
  .strictObject({
    kind: z.enum(TARGET_KINDS),
    id,
    postId: id.nullable().describe("The post, or the comment's post; null once the target is gone."),
    excerpt: z.string().nullable().describe("The post's title or the comment's opening words."),
    author: authorSchema.nullable(),
    hidden: z.boolean(),
  })
  .meta({ id: 'ModerationTarget' });
agrees<z.output<typeof moderationTargetSchema>, ModerationTarget>();

export const reportSchema = z
  .strictObject({
    id,
    target: moderationTargetSchema,
    reason: z.enum(REPORT_REASONS),
    note: z.string().nullable(),
    reporter: authorSchema,
    state: z.enum(REPORT_STATES),
    createdAt: time,
    resolvedAt: time.nullable(),
    resolvedBy: authorSchema.nullable(),
  })
  .meta({ id: 'Report' });
agrees<z.output<typeof reportSchema>, Report>();

export const moderationLogEntrySchema = z
  .strictObject({
    id,
    action: z.enum(MODERATION_ACTIONS),
    actorId: id.nullable(),
    actorName: z.string(),
    target: z.strictObject({
      kind: z.enum(MODERATION_TARGET_KINDS),
      id: z.string(),
      label: z.string().describe('As it was at the time: a title, an excerpt or a name.'),
    }),
    reason: z.string().nullable(),
    createdAt: time,
  })
  .meta({ id: 'ModerationLogEntry' });
agrees<z.output<typeof moderationLogEntrySchema>, ModerationLogEntry>();

export const moderatedUserSchema = z
  .strictObject({
    id,
    username: z.string(),
    createdAt: time,
    suspendedAt: time.nullable(),
    isOperator: z.boolean(),
    postCount: z.number().int().describe('Every post, drafts and hidden ones included.'),
  })
  .meta({ id: 'ModeratedUser' });
agrees<z.output<typeof moderatedUserSchema>, ModeratedUser>();

export const staffPickSchema = z
  .strictObject({
    postId: id,
    title: z.string(),
    author: authorSchema,
    public: z
      .boolean()
      .describe('false while the post is a draft, scheduled or hidden: the side panel skips it.'),
  })
  .meta({ id: 'StaffPick' });
agrees<z.output<typeof staffPickSchema>, StaffPick>();

export const testimonialSchema = z
  .strictObject({
    id,
    quote: z.string(),
    author: authorSchema,
    source: z.strictObject({ kind: z.enum(TARGET_KINDS), id, postId: id, postTitle: z.string() }),
  })
  .meta({ id: 'Testimonial' });
agrees<z.output<typeof testimonialSchema>, Testimonial>();

export const instanceFiguresSchema = z
  .strictObject({
    users: z.number().int().describe('Accounts that can sign in.'),
    suspendedUsers: z.number().int(),
    posts: z.number().int().describe('Every post, drafts and hidden ones included.'),
    hiddenPosts: z.number().int(),
    comments: z.number().int(),
    media: z.number().int().describe('Uploaded pictures.'),
    mediaBytes: z.number().int().describe('Their stored bytes, every width.'),
    databaseBytes: z.number().int().describe("The database's size on disk."),
    openReports: z.number().int(),
  })
  .meta({ id: 'InstanceFigures' });
agrees<z.output<typeof instanceFiguresSchema>, InstanceFigures>();
