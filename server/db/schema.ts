import type { Generated } from 'kysely';
import type { NotificationKind } from '../../contracts/notifications';
import type { PostVersionKind } from '../../contracts/post-versions';

/**
 * Tables as the query builder sees them. Timestamps are ISO-8601 UTC text on both databases:
 * they sort correctly as text and come back as the same type from SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: string;
  username: string;
  email: string;
  /** Lower-cased email: the unique key, so emails are compared without regard to case. */
  email_key: string;
  /**
   * Lower-cased username: unique, so names are compared without regard to case. null: not
   * addressable by name (former members, the demo author; migration 2026-11-25-0006).
   */
  username_key: string | null;
  /**
   * Lowercase letters, digits and `_`, unique (migration 2026-11-26-0003): mentions and /@handle
   * address the account by it. null: not addressable (former members).
   */
  handle: Generated<string | null>;
  /** The profile's short self-description and picture address (shown on profiles and by Conduit). */
  bio: string | null;
  image: string | null;
  /** null: an account that cannot sign in (the demo author). */
  password_hash: string | null;
  /** Bumped on a password change; tokens carry it, so older tokens stop working. */
  token_version: Generated<number>;
  /** Set while an operator has suspended the account: no token works, its writing is hidden. */
  suspended_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
  /**
   * The token that made an email or password change through the RealWorld API, kept valid at
   * kept_token_version (migration 2026-11-28-0201): its SHA-256, hex.
   */
  kept_token_hash: Generated<string | null>;
  kept_token_version: Generated<number | null>;
  /** The uploaded square picture (media row); `image` then holds its address (decision 0068). */
  picture_id: Generated<string | null>;
  /** JSON `{website, elsewhere}` of https addresses (decision 0068). */
  links: Generated<string | null>;
  /** The one published post shown first on the profile and blog site. */
  pinned_post_id: Generated<string | null>;
  /** 1: a first-time commenter's comments on the writer's posts wait for approval (decision 0077). */
  hold_first_comments: Generated<number>;
  /** 1: the writer's new posts start with comments closed (decision 0077). */
  close_comments_default: Generated<number>;
  /** 1: the writer approves followers from the social web by hand (decision 0084). */
  approve_followers: Generated<number>;
}

export interface PostsTable {
  id: string;
  author_id: string;
  title: string;
  content: string;
  /** The post's normalized tags in the writer's order, joined by spaces ('' for none). */
  tags: Generated<string>;
  created_at: string;
  updated_at: string;
  /** null: a draft; later than now: scheduled; otherwise published at that time. */
  published_at: string | null;
  /** 1 when written, +1 on every update: an editor's save names the version it started from. */
  version: Generated<number>;
  cover_id: string | null;
  /** Rows in comments and favorites for this post, kept by triggers (migration 2026-11-25-0002). */
  comment_count: Generated<number>;
  favorite_count: Generated<number>;
  /** The source item of an imported post (`npm run import`), unique per author; null otherwise. */
  import_key: string | null;
  /** A writer's own one-line summary (Conduit's `description`); null: the text's summary is shown. */
  description: string | null;
  /** A team's publication the post is in; null: the author's own blog (migration 2026-11-25-0201). */
  publication_id: string | null;
  /**
   * Withheld from the public (migration 2026-11-25-0101): 'operator' when an operator hid it,
   * 'suspension' while its author is suspended. null: visible.
   */
  hidden_at: Generated<string | null>;
  hidden_reason: Generated<HiddenReason | null>;
  /**
   * The writer's choice it was published or scheduled with: 'email-only' keeps it off every list
   * (post-visibility.ts). null: a draft never sent out, or a post from before (migration 2026-11-29-0102).
   */
  newsletter: Generated<'email' | 'web' | 'email-only' | null>;
  /** Its address on its blog's site, unique within the blog; null: none yet (migration 2026-11-29-1401). */
  slug: string | null;
  /** What search engines and link previews show; null: the title, the summary (decision 79). */
  meta_title: string | null;
  meta_description: string | null;
  /** The link previews' picture (a media row), apart from the cover; null: the cover's. */
  social_image_id: string | null;
  /** Where the post was first published (an absolute http(s) address); null: here. */
  canonical_url: string | null;
  /** 1: the post takes no new comments (decision 0077). */
  comments_closed: Generated<number>;
}

/** An address a post had on its blog's site before its slug changed: answered 301 (decision 79). */
export interface PostSlugRedirectsTable {
  blog_id: string;
  slug: string;
  post_id: string;
  created_at: string;
}

export interface MediaTable {
  id: string;
  owner_id: string;
  width: number;
  height: number;
  /** The stored widths, ascending, joined by spaces. */
  widths: string;
  bytes: number;
  created_at: string;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  author_id: string;
  body: string;
  created_at: string;
  /** The top-level comment this one replies to; null for a top-level comment. */
  parent_id: string | null;
  edited_at: string | null;
  /** A deleted comment that still has replies: body emptied, shown as "[deleted]". */
  deleted_at: string | null;
  /**
   * An in-line comment's passage: its words and the context either side, white space
   * collapsed; all three null for a comment on the whole post. Only top-level comments have one.
   */
  anchor_quote: string | null;
  anchor_prefix: string | null;
  anchor_suffix: string | null;
  /**
   * Withheld from the public (migration 2026-11-25-0101): 'operator' when an operator hid it,
   * 'suspension' while its author is suspended. null: visible.
   */
  hidden_at: Generated<string | null>;
  hidden_reason: Generated<HiddenReason | null>;
  /** Its whole number, never reused: the RealWorld API's comment id (migration 2026-11-28-0001). */
  number: Generated<number>;
  /**
   * The post's author's say (decision 0077): 'held' awaits their approval, 'hidden' they hid it.
   * null: shown, unless `hidden_at` (the operator's, which stays above the author's).
   */
  withheld: Generated<CommentWithheld | null>;
}

export type CommentWithheld = 'held' | 'hidden';

export type HiddenReason = 'operator' | 'suspension';

export interface CommentMentionsTable {
  comment_id: string;
  user_id: string;
}

/** The kinds are the contract's (contracts/notifications.ts): a varchar(16), any of them. */
export type { NotificationKind };

export interface NotificationsTable {
  id: string;
  recipient_id: string;
  actor_id: string;
  kind: NotificationKind;
  post_id: string | null;
  comment_id: string | null;
  /** The publication an invitation is to (migration 2026-11-25-0201). */
  publication_id: string | null;
  group_key: string;
  created_at: string;
  read_at: string | null;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

export interface FavoritesTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
}

/** Secrets the instance generated for itself, shared by every instance on the database. */
export interface InstanceSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface TagsTable {
  name: string;
  /** Posts carrying the tag, kept by the transaction that writes the post. */
  post_count: Generated<number>;
  created_at: string;
  /** The name as its first RealWorld writer typed it; null: shown by its name (migration 2026-11-28-0202). */
  label: Generated<string | null>;
}

export interface PostTagsTable {
  tag: string;
  post_id: string;
  /** The post's publication time, copied so a topic's page is one index walk; never null. */
  published_at: string | null;
}

export interface TagFollowsTable {
  user_id: string;
  tag: string;
  created_at: string;
}

/**
 * SQLite only: each post's stable integer in the FTS5 tables post_search and post_title_words
 * (virtual tables, queried with raw SQL in the search repository).
 */
export interface PostSearchIdsTable {
  search_id: Generated<number>;
  post_id: string;
}

/** A single-use emailed link (password reset, email confirmation); see the migration. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  /** `undo-…`: the link in the notice of a password or email change, which puts back what was. */
  purpose: 'password-reset' | 'email-change' | 'undo-password' | 'undo-email';
  /** The address the link puts on the account: the new one it confirms, or the one it restores. */
  new_email: string | null;
  /** The password hash an `undo-password` link restores (migration 2026-11-26-0001). */
  restores_password_hash: Generated<string | null>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A series (migration 2026-11-29-1301, docs/decisions/0078-series.md): ordered posts with a title. */
export interface SeriesTable {
  id: string;
  /** The writer who made it; for a publication's series, any of its editors manages it. */
  owner_id: string;
  /** A team publication's series; null: the writer's own. */
  publication_id: string | null;
  title: string;
  /** '' for none. */
  description: string;
  created_at: string;
  updated_at: string;
}

/**
 * A publication's own page (migration 2026-11-29-1701, decision 83): read on its site at /p/{slug},
 * never with its posts.
 */
export interface PublicationPagesTable {
  id: string;
  publication_id: string;
  /** Unique within the publication. */
  slug: string;
  title: string;
  /** Markdown, in the posts' dialect (decision 54). */
  body: string;
  status: 'draft' | 'published';
  created_at: string;
  updated_at: string;
}

/**
 * A writer invited to co-write a post, and their answer (migration 2026-11-30-0101, decision 85).
 * The first author is posts.author_id and has no row here.
 */
export interface PostAuthorsTable {
  post_id: string;
  user_id: string;
  state: PostAuthorState;
  invited_at: string;
  /** When they accepted: co-authors are shown in this order after the first. */
  accepted_at: string | null;
  /** When they accepted or declined. */
  answered_at: string | null;
}

export type PostAuthorState = 'pending' | 'accepted' | 'declined';

/** A post's place in its (one) series. */
export interface SeriesPostsTable {
  series_id: string;
  post_id: string;
  position: number;
}

/** Personal access tokens (migration 2026-11-25-0004): only a SHA-256 of each key is kept. */
/** A preview link (docs/decisions/0075-preview-links.md): its token opens an unpublished post. */
export interface PostPreviewsTable {
  id: string;
  post_id: string;
  token: string;
  created_by: string;
  created_at: string;
  /** null: until revoked or the post published. */
  expires_at: string | null;
}

/** A post's saved versions (migration 2026-11-29-1101, docs/decisions/0076-post-versions.md). */
export interface PostVersionsTable {
  id: string;
  post_id: string;
  kind: PostVersionKind;
  title: string;
  content: string;
  /** When the entry began: autosaves within AUTOSAVE_COALESCE_MS of it replace its text. */
  created_at: string;
  saved_at: string;
  words_added: number;
  words_removed: number;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  scope: 'read' | 'write';
  token_hash: string;
  /** The key's first characters, shown to tell keys apart. */
  hint: string;
  created_at: string;
  /** null: never expires. */
  expires_at: string | null;
  /** Updated at most once a minute per key, so a busy script does not write on every request. */
  last_used_at: string | null;
}

/** A writer's webhook receiver (migration 2026-11-25-0005). */
export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  /** Event names joined by spaces. */
  events: string;
  /** The HMAC key deliveries are signed with; shown to the writer once. */
  secret: string;
  /** 1 or 0. */
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One event for one hook: the worker's queue and the Settings page's log in one row. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event: string;
  payload: string;
  subject_id: string | null;
  state: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

/** A writer's own blog or a team's (migration 2026-11-25-0201). */
export interface PublicationsTable {
  id: string;
  /** Unique; its sub-domain and its path on the main site. */
  slug: string;
  name: string;
  description: string;
  accent_color: string | null;
  /** A picture the owner uploaded, shown in the site's header. */
  logo_id: string | null;
  /** The writer whose own blog this is; null for a team's publication. */
  personal_user_id: string | null;
  created_at: string;
  /** Its site's header links in order, JSON `[{label, kind, target}]` (migration 2026-11-29-1702, decision 83). */
  site_nav: Generated<string | null>;
  /** Its site's footer text; '' for none. */
  site_footer: Generated<string>;
  /** Its site's home layout: 'list', 'grid' or 'magazine'. */
  home_layout: Generated<'list' | 'grid' | 'magazine'>;
  /** The cover picture on its site's home (a media row). */
  cover_id: Generated<string | null>;
}

export interface PublicationMembersTable {
  publication_id: string;
  user_id: string;
  role: 'owner' | 'editor' | 'writer';
  created_at: string;
}

export interface PublicationInvitationsTable {
  id: string;
  publication_id: string;
  /** Who is invited. */
  user_id: string;
  role: 'editor' | 'writer';
  invited_by: string | null;
  created_at: string;
}

/** A custom domain an owner proves control of with a DNS TXT record. One per publication. */
export interface PublicationDomainsTable {
  /** Lower-case, without a trailing dot: the primary key, so no two publications claim one name. */
  domain: string;
  publication_id: string;
  token: string;
  state: 'pending' | 'verified' | 'failed';
  failure: string | null;
  checked_at: string | null;
  created_at: string;
}

/** An account email waiting to be sent (migration 2026-11-25-0202); sent rows are deleted. */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  /** Emptied when the message fails for good: a reset link is not kept longer than needed. */
  body: string;
  state: 'pending' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
}

/** A reader's report of a post or comment (migration 2026-11-25-0101). */
export interface ReportsTable {
  id: string;
  target_kind: 'post' | 'comment';
  target_id: string;
  reporter_id: string;
  reason: 'spam' | 'harassment' | 'illegal' | 'other';
  note: string | null;
  state: 'open' | 'resolved' | 'dismissed';
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
}

/** Every operator action, written in the action's own transaction. */
export interface ModerationLogTable {
  id: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_kind: 'post' | 'comment' | 'user' | 'report' | 'staff-picks' | 'testimonials';
  target_id: string;
  target_label: string;
  reason: string | null;
  created_at: string;
}

export interface StaffPicksTable {
  post_id: string;
  position: number;
  picked_by: string | null;
  picked_at: string;
}

export interface TestimonialsTable {
  id: string;
  post_id: string;
  comment_id: string | null;
  quote: string;
  position: number;
  chosen_by: string | null;
  chosen_at: string;
}

/** A reader's email subscription to a publication's newsletter (migration 2026-11-28-0101). */
export interface NewsletterSubscriptionsTable {
  id: string;
  publication_id: string;
  /** Trimmed, the domain lower-cased (contracts/newsletters.ts); unique per publication. */
  email: string;
  user_id: string | null;
  status: 'pending' | 'active' | 'unsubscribed' | 'bounced';
  /** SHA-256 of the confirmation link's token; kept once confirmed, so the link answers again. */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  confirm_sent_at: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What a stats row counts (migration 2026-11-28-1001): a post, a profile or a publication's home. */
export type StatsPageKind = 'post' | 'profile' | 'publication';

/** Whose page a stats row's counts were for when they were made. */
interface StatsPageColumns {
  page_kind: StatsPageKind;
  page_id: string;
  author_id: string | null;
  publication_id: string | null;
}

export interface StatsHoursTable extends StatsPageColumns {
  /** `YYYY-MM-DDTHH`, UTC. */
  hour: string;
  views: Generated<number>;
  reads: Generated<number>;
}

export interface StatsDaysTable extends StatsPageColumns {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  views: Generated<number>;
  reads: Generated<number>;
  visitors: Generated<number>;
}

export interface StatsDaySourcesTable extends StatsPageColumns {
  day: string;
  dimension: 'source' | 'device' | 'browser';
  value: string;
  views: Generated<number>;
  reads: Generated<number>;
}

/** Unique visitors per day of all of a writer's (`author:ID`) or a publication's (`publication:ID`) pages. */
export interface StatsScopeVisitorsTable {
  scope: string;
  day: string;
  visitors: Generated<number>;
}

/** A writer's (`author:ID`) or a publication's (`pub:ID`) views and reads per UTC day (migration 2026-11-29-0901). */
export interface StatsScopeDaysTable {
  scope: string;
  day: string;
  views: Generated<number>;
  reads: Generated<number>;
}

/** The same per UTC hour (`YYYY-MM-DDTHH`), kept as long as stats_hours. */
export interface StatsScopeHoursTable {
  scope: string;
  hour: string;
  views: Generated<number>;
  reads: Generated<number>;
}

/** A scope's views and reads per day by source, device class and browser. */
export interface StatsScopeDaySourcesTable {
  scope: string;
  day: string;
  dimension: 'source' | 'device' | 'browser';
  value: string;
  views: Generated<number>;
  reads: Generated<number>;
}

/** A post's day rows added up per UTC month (`YYYY-MM`), with the owners its day rows carry. */
export interface StatsPostMonthsTable {
  post_id: string;
  month: string;
  author_id: string | null;
  publication_id: string | null;
  views: Generated<number>;
  reads: Generated<number>;
  visitors: Generated<number>;
}

/** The same per block of days: `block` is its first day, the 1st, 9th, 17th or 25th (the last runs to the month's end). */
export interface StatsPostBlocksTable {
  post_id: string;
  block: string;
  author_id: string | null;
  publication_id: string | null;
  views: Generated<number>;
  reads: Generated<number>;
  visitors: Generated<number>;
}

export interface StatsSaltsTable {
  day: string;
  salt: string;
}

export interface StatsVisitorHashesTable {
  /** `post:ID`, `profile:ID`, `publication-home:ID`, `author:ID` or `publication:ID`. */
  scope: string;
  day: string;
  hash: string;
}

export interface StatsLiveTable {
  scope: string;
  hash: string;
  seen_at: string;
}

/** A post to be emailed to its list (migration 2026-11-28-0701, decision 61). */
export interface NewsletterSendsTable {
  post_id: string;
  publication_id: string;
  /** waiting: until the post is public; copying: its addresses are being queued; queued; cancelled. */
  state: 'waiting' | 'copying' | 'queued' | 'cancelled';
  /** The last subscription id queued: the copy goes on after it. */
  cursor: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

/** One post to one subscription, at most once (migration 2026-11-28-0701). */
export interface NewsletterDeliveriesTable {
  post_id: string;
  subscription_id: string;
  /**
   * pending → sending (just before SMTP) → sent; bounced (5xx at RCPT); failed (given up, or a
   * send interrupted by a crash: never retried, so never doubled); skipped (the address left the
   * list); cancelled (the post stopped being public).
   */
  state: 'pending' | 'sending' | 'sent' | 'bounced' | 'failed' | 'skipped' | 'cancelled';
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
}

/** A list's newsletter settings; null columns take the defaults (migration 2026-11-28-0701). */
export interface NewsletterSettingsTable {
  publication_id: string;
  newsletter_name: string | null;
  sender_name: string | null;
  reply_to: string | null;
  footer: string | null;
  /** What a post published without a choice does: 'email' or 'web'; null: 'email' (2026-11-29-0101). */
  default_delivery: 'email' | 'web' | null;
  updated_at: string;
}

/** A social-web actor's key pair (migration 2026-11-29-0601): made on first need, kept for good. */
export interface ActorKeysTable {
  /** The actor's path: /ap/users/{id} or /ap/publications/{id}. */
  actor: string;
  /** SPKI, PEM: what the actor document publishes. */
  public_key_pem: string;
  /** PKCS #8, sealed (server/lib/sealed-secrets.ts): never stored as it is. */
  private_key_sealed: string;
  created_at: string;
}

/** A remote actor following a local one (migration 2026-11-29-0602). */
/** A remote actor who wrote here, and the account row standing for it (decision 0084). */
export interface FederationRemoteAccountsTable {
  user_id: string;
  actor_id: string;
  /** `@user@host`. */
  handle: string;
  name: string | null;
  /** Its profile page on its server (the actor's `url`). */
  profile_url: string | null;
  picture_url: string | null;
  inbox: string;
  shared_inbox: string | null;
  created_at: string;
  updated_at: string;
}

/** A remote actor's Like or Announce of a post (decision 0084). */
export interface FederationReactionsTable {
  post_id: string;
  actor_id: string;
  kind: 'like' | 'announce';
  activity_id: string;
  created_at: string;
}

/** A server the operator blocked (decision 0084): its host, with its port if any. */
export interface FederationBlockedServersTable {
  host: string;
  created_at: string;
}

/** The Note a remote comment came as (decision 0084). */
export interface FederationCommentsTable {
  comment_id: string;
  note_id: string;
  note_url: string | null;
  created_at: string;
}

/** A writer's reply sent to the social web (decision 0084's addendum): its Note's recipients. */
export interface FederationSentCommentsTable {
  comment_id: string;
  post_id: string;
  /** The writer's actor path, whose key signs the reply's Create, Update and Delete. */
  actor: string;
  /** The remote Note it answers. */
  in_reply_to: string;
  /** The remote actor it answers, mentioned and addressed. */
  recipient: string;
  /** `@user@host`. */
  recipient_handle: string;
  recipient_profile_url: string | null;
  /** Where it went: the recipient's shared inbox, else its own. */
  inbox: string;
  created_at: string;
  /** When its Delete was sent: its id answers 410 from then on. */
  deleted_at: string | null;
}

/** A local user's follow of a remote actor (decision 0090): pending until its Accept. */
export interface FederationFollowingTable {
  user_id: string;
  /** The remote actor's id (a URL). */
  actor: string;
  /** Where the Follow and its Undo go: the actor's own inbox. */
  inbox: string;
  /** Our Follow's id, which the remote Accept or Reject names. */
  follow_id: string;
  state: 'accepted' | 'pending';
  created_at: string;
  updated_at: string;
}

/** A remote Article or Note from a followed actor, once per object (decision 0090). */
export interface FederationTimelineTable {
  id: string;
  object_id: string;
  actor: string;
  kind: 'Article' | 'Note';
  /** The Article's name; null for a Note. */
  title: string | null;
  /** Plain text. */
  summary: string | null;
  /** Markdown, made from its HTML by the remote replies' sanitizer (note-content.ts). */
  content: string;
  /** Where people read it on its server. */
  url: string | null;
  published_at: string;
  updated_at: string | null;
  received_at: string;
}

/** A followed account's Announce of a kept remote post (decision 0094's addendum). */
export interface FederationTimelineBoostsTable {
  id: string;
  timeline_id: string;
  /** The account that boosted it. */
  actor: string;
  /** The Announce's id, which its Undo names. */
  announce_id: string;
  published_at: string;
  received_at: string;
}

/** A reader's Like or Announce of a kept remote post (decision 0094). */
export interface FederationTimelineReactionsTable {
  user_id: string;
  timeline_id: string;
  kind: 'like' | 'announce';
  /** The activity's id, which its Undo names. */
  activity_id: string;
  /** Where it went, and where its Undo goes. */
  inbox: string;
  created_at: string;
}

/** A reader's reply to a kept remote post, or an answer to it from there (decision 0094). */
export interface FederationTimelineRepliesTable {
  id: string;
  timeline_id: string;
  /** The reader whose conversation it is: who wrote the reply, or whom the answer answers. */
  user_id: string;
  /** The Note's id: ours (/ap/notes/{id}) for a reply, the remote one for an answer. */
  note_id: string;
  in_reply_to: string;
  /** Null for the reader's reply; the remote actor's id for an answer. */
  actor: string | null;
  /** Markdown: the reader's own, or made from the answer's HTML by the remote replies' sanitizer. */
  content: string;
  url: string | null;
  /** Where the reader's reply went (its Delete goes there too); null for an answer. */
  inbox: string | null;
  published_at: string;
  updated_at: string | null;
}

export interface FederationFollowersTable {
  /** The local actor's path: /ap/users/{id} or /ap/publications/{id}. */
  actor: string;
  /** The remote actor's id (a URL). */
  follower: string;
  inbox: string;
  /** Its server's shared inbox, when it has one: one delivery per server. */
  shared_inbox: string | null;
  /** The Follow activity's id, which its Undo names. */
  follow_id: string;
  /** `user@host`, as the writer's list shows it. */
  handle: string | null;
  name: string | null;
  created_at: string;
  /** 'pending' until a writer who approves followers by hand accepts it (decision 0084). */
  state: Generated<'accepted' | 'pending'>;
}

/** One signed POST to another server's inbox: the queue and its log in one row. */
export interface FederationDeliveriesTable {
  id: string;
  /** The local actor whose key signs it. */
  actor: string;
  inbox: string;
  activity_id: string;
  /** The activity's JSON, exactly as sent on every attempt. */
  payload: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

/** What the social web was told of a post (decision 70, "Publishing"). */
export interface FederationPostsTable {
  post_id: string;
  /** The local actor it went out from: its followers hear of its edits and deletion (null: never sent). */
  actor: string | null;
  /** Waiting for its publication time; sent to followers; or sent a Delete (its id answers 410). */
  state: 'scheduled' | 'created' | 'deleted';
  /** A scheduled post's publication time (or the end of an instance's lease on it); else null. */
  due_at: string | null;
  updated_at: string;
}

export interface DatabaseSchema {
  users: UsersTable;
  posts: PostsTable;
  comments: CommentsTable;
  comment_mentions: CommentMentionsTable;
  notifications: NotificationsTable;
  blocks: BlocksTable;
  favorites: FavoritesTable;
  follows: FollowsTable;
  instance_secrets: InstanceSecretsTable;
  tags: TagsTable;
  post_tags: PostTagsTable;
  tag_follows: TagFollowsTable;
  post_search_ids: PostSearchIdsTable;
  account_tokens: AccountTokensTable;
  media: MediaTable;
  api_keys: ApiKeysTable;
  post_previews: PostPreviewsTable;
  post_slug_redirects: PostSlugRedirectsTable;
  post_versions: PostVersionsTable;
  series: SeriesTable;
  series_posts: SeriesPostsTable;
  post_authors: PostAuthorsTable;
  publication_pages: PublicationPagesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  publications: PublicationsTable;
  publication_members: PublicationMembersTable;
  publication_invitations: PublicationInvitationsTable;
  publication_domains: PublicationDomainsTable;
  mail_outbox: MailOutboxTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  newsletter_sends: NewsletterSendsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  newsletter_settings: NewsletterSettingsTable;
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
  staff_picks: StaffPicksTable;
  testimonials: TestimonialsTable;
  stats_hours: StatsHoursTable;
  stats_days: StatsDaysTable;
  stats_day_sources: StatsDaySourcesTable;
  stats_scope_visitors: StatsScopeVisitorsTable;
  stats_scope_days: StatsScopeDaysTable;
  stats_scope_hours: StatsScopeHoursTable;
  stats_scope_day_sources: StatsScopeDaySourcesTable;
  stats_post_months: StatsPostMonthsTable;
  stats_post_blocks: StatsPostBlocksTable;
  stats_salts: StatsSaltsTable;
  stats_visitor_hashes: StatsVisitorHashesTable;
  stats_live: StatsLiveTable;
  actor_keys: ActorKeysTable;
  federation_followers: FederationFollowersTable;
  federation_deliveries: FederationDeliveriesTable;
  federation_posts: FederationPostsTable;
  federation_remote_accounts: FederationRemoteAccountsTable;
  federation_comments: FederationCommentsTable;
  federation_sent_comments: FederationSentCommentsTable;
  federation_reactions: FederationReactionsTable;
  federation_blocked_servers: FederationBlockedServersTable;
  federation_following: FederationFollowingTable;
  federation_timeline: FederationTimelineTable;
  federation_timeline_reactions: FederationTimelineReactionsTable;
  federation_timeline_replies: FederationTimelineRepliesTable;
  federation_timeline_boosts: FederationTimelineBoostsTable;
}
