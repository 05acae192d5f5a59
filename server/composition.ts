import type { Post } from '../contracts/posts';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { CHANGELOG_RELEASES_LIMIT } from '../contracts/discover';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { unitOfWork } from './db/transaction';
import { Authenticator } from './modules/accounts/authenticator';
import { LogMailer, SmtpMailer, defaultSender, senderAddress } from './lib/mail';
import { MarkdownRenderer } from './modules/posts/markdown/markdown-renderer';
import type { Metrics } from './lib/metrics';
import { systemResolver } from './lib/network-guard';
import { PasswordHasher } from './lib/passwords';
import { RateLimiterFactory } from './lib/rate-limiter';
import type { RedisConnection } from './lib/redis';
import type { Scheduler } from './lib/scheduler';
import { TokenService } from './lib/tokens';
import { AccountsRepository } from './modules/accounts/accounts-repository';
import { AccountsService } from './modules/accounts/accounts-service';
import { ApiKeysRepository } from './modules/api-keys/api-keys-repository';
import { ApiKeysService } from './modules/api-keys/api-keys-service';
import { ConduitRepository } from './modules/conduit/conduit-repository';
import { ConduitService } from './modules/conduit/conduit-service';
import { DiscoverRepository } from './modules/discover/discover-repository';
import { DiscoverService } from './modules/discover/discover-service';
import { loadReleaseNotes } from './modules/discover/release-notes';
import { DOMAIN_CHECK_DEFAULTS, DomainChecks } from './modules/domains/domain-checks';
import { dnsLookup } from './modules/domains/domain-verifier';
import { DomainsRepository } from './modules/domains/domains-repository';
import { DomainsService } from './modules/domains/domains-service';
import packageJson from '../package.json' with { type: 'json' };
import { ActorKeys } from './modules/federation/actor-keys';
import { ActorKeysRepository } from './modules/federation/actor-keys-repository';
import { DeliveriesRepository } from './modules/federation/deliveries-repository';
import { DeliveryWorker } from './modules/federation/delivery-worker';
import { FederationPostsRepository } from './modules/federation/federation-posts-repository';
import { FederationRepository } from './modules/federation/federation-repository';
import { PostPublisher } from './modules/federation/post-publisher';
import { FollowersRepository } from './modules/federation/followers-repository';
import { Inbox } from './modules/federation/inbox';
import { RemoteDocuments } from './modules/federation/remote-documents';
import { RemoteAccountsRepository } from './modules/federation/remote-accounts-repository';
import { ReplyPublisher } from './modules/federation/reply-publisher';
import { SentCommentsRepository } from './modules/federation/sent-comments-repository';
import { SocialNotices } from './modules/federation/social-notices';
import { ConversationInbox } from './modules/federation/conversation-inbox';
import { ReactionsRepository } from './modules/federation/reactions-repository';
import { BlockedServersRepository } from './modules/federation/blocked-servers-repository';
import { ServerBlocksService } from './modules/federation/server-blocks-service';
import { FollowRequestsService } from './modules/federation/follow-requests-service';
import { FollowingInbox } from './modules/federation/following-inbox';
import { FollowingRepository } from './modules/federation/following-repository';
import { FollowingService } from './modules/federation/following-service';
import { RemoteActorLookup } from './modules/federation/remote-actor-lookup';
import { OutboxBackfill } from './modules/federation/outbox-backfill';
import { TimelineActionsRepository } from './modules/federation/timeline-actions-repository';
import { TimelineActionsService } from './modules/federation/timeline-actions-service';
import { TimelineRepository } from './modules/federation/timeline-repository';
import { SealedSecrets } from './lib/sealed-secrets';
import { FederationService } from './modules/federation/federation-service';
import { FeedsRepository } from './modules/feeds/feeds-repository';
import { FeedsService } from './modules/feeds/feeds-service';
import { HealthRepository } from './modules/health/health-repository';
import { databaseReadinessChecks } from './modules/health/readiness';
import { MailOutboxRepository } from './modules/mail-outbox/mail-outbox-repository';
import { MAIL_QUEUE_DEFAULTS, QueuedMailer } from './modules/mail-outbox/queued-mailer';
import { ForgetUnconfirmedSubscribers } from './modules/newsletters/forget-unconfirmed';
import { UnsubscribeLinks } from './modules/newsletters/newsletter-links';
import { NewslettersRepository } from './modules/newsletters/newsletters-repository';
import { postEmailBody } from './modules/newsletters/newsletter-message';
import {
  CachedPostEmails,
  NEWSLETTER_SEND_DEFAULTS,
  NewsletterSender,
} from './modules/newsletters/newsletter-sender';
import {
  NewsletterSendsRepository,
  readPostForEmail,
  type PostForEmail,
} from './modules/newsletters/newsletter-sends-repository';
import { NewsletterSettingsRepository } from './modules/newsletters/newsletter-settings-repository';
import { NewsletterSettingsService } from './modules/newsletters/newsletter-settings-service';
import { LogNewsletterTransport } from './modules/newsletters/newsletter-transport';
import { WorkerSmtpTransport } from './modules/newsletters/worker-smtp-transport';
import { NewslettersService } from './modules/newsletters/newsletters-service';
import { SubscribersRepository } from './modules/newsletters/subscribers-repository';
import { SendReportsRepository } from './modules/newsletters/send-reports-repository';
import { NewsletterFigures } from './modules/newsletters/newsletter-figures';
import { SubscribersService } from './modules/newsletters/subscribers-service';
import { MediaRepository } from './modules/media/media-repository';
import { MediaService } from './modules/media/media-service';
import { mediaStorageFor } from './modules/media/media-storage';
import { CurationRepository } from './modules/curation/curation-repository';
import { CurationService } from './modules/curation/curation-service';
import { ModerationRepository } from './modules/moderation/moderation-repository';
import { ModerationService } from './modules/moderation/moderation-service';
import { NotificationsRepository } from './modules/notifications/notifications-repository';
import { NotificationsService } from './modules/notifications/notifications-service';
import { PostPreviewsRepository } from './modules/post-previews/post-previews-repository';
import { PostPreviewsService } from './modules/post-previews/post-previews-service';
import { PostVersionsRepository } from './modules/post-versions/post-versions-repository';
import { PostVersionsService } from './modules/post-versions/post-versions-service';
import { PostsRepository } from './modules/posts/posts-repository';
import { CoauthorsRepository } from './modules/coauthors/coauthors-repository';
import { CoauthorsService } from './modules/coauthors/coauthors-service';
import { SeriesRepository } from './modules/series/series-repository';
import { SeriesService } from './modules/series/series-service';
import { PublicationPagesRepository } from './modules/publication-pages/publication-pages-repository';
import { PublicationPagesService } from './modules/publication-pages/publication-pages-service';
import { SiteSettingsRepository } from './modules/site-settings/site-settings-repository';
import { SiteSettingsService } from './modules/site-settings/site-settings-service';
import { POST_HEADING_BASE, PostsService } from './modules/posts/posts-service';
import { PublicationMembersService } from './modules/publications/publication-members-service';
import { PublicationUrls } from './modules/publications/publication-urls';
import { PublicationsRepository } from './modules/publications/publications-repository';
import { PublicationsService } from './modules/publications/publications-service';
import { PostgresSearchRepository } from './modules/search/postgres-search-repository';
import { SearchService } from './modules/search/search-service';
import { SqliteSearchRepository } from './modules/search/sqlite-search-repository';
import { SitemapRepository } from './modules/sitemap/sitemap-repository';
import { SitemapService } from './modules/sitemap/sitemap-service';
import { SiteHosts } from './modules/sites/site-hosts';
import { BlocksRepository } from './modules/social/blocks/blocks-repository';
import { BlocksService } from './modules/social/blocks/blocks-service';
import { CommentsRepository } from './modules/social/comments/comments-repository';
import { CommentsService } from './modules/social/comments/comments-service';
import { AuthorModerationService } from './modules/social/comments/author-moderation-service';
import { FavoritesRepository } from './modules/social/favorites/favorites-repository';
import { FavoritesService } from './modules/social/favorites/favorites-service';
import { FollowsRepository } from './modules/social/follows/follows-repository';
import { FollowsService } from './modules/social/follows/follows-service';
import { STATS_COLLECTOR_DEFAULTS, StatsCollector } from './modules/stats/stats-collector';
import { StatsRepository } from './modules/stats/stats-repository';
import { StatsRetention } from './modules/stats/stats-retention';
import { StatsService } from './modules/stats/stats-service';
import { TagsRepository } from './modules/tags/tags-repository';
import { TagsService } from './modules/tags/tags-service';
import { TransferRepository } from './modules/transfer/transfer-repository';
import { UsersRepository } from './modules/users/users-repository';
import { HandleSuggestionsRepository } from './modules/users/handle-suggestions-repository';
import { HandleSuggestionsService } from './modules/users/handle-suggestions-service';
import { type PostReader, UsersService } from './modules/users/users-service';
import { WebhookEvents, type PostChangeListener } from './modules/webhooks/webhook-events';
import { WebhookWorker } from './modules/webhooks/webhook-worker';
import { WebhooksRepository } from './modules/webhooks/webhooks-repository';
import { WebhooksService } from './modules/webhooks/webhooks-service';

/**
 * Where the readers' release notes (docs/release-notes.md) are found, relative to this module once
 * bundled (build/server.mjs, beside which scripts/build-server.mjs copies them) or run from source
 * (server/composition.ts, the repository root one folder up).
 */
const RELEASE_NOTES_FILES = [
  fileURLToPath(new URL('./release-notes.md', import.meta.url)),
  fileURLToPath(new URL('../docs/release-notes.md', import.meta.url)),
];

/**
 * Which publication a request's Host names. Made before the app, whose front door routes by it;
 * it learns of verified custom domains from the database.
 */
export function siteHostsFor(config: AppConfig, database: Database): SiteHosts {
  const domains = new DomainsRepository(database.db);
  return new SiteHosts(new URL(config.publicUrl).hostname, config.baseDomain, () =>
    domains.verifiedDomains(),
  );
}

export interface ServiceDependencies {
  config: AppConfig;
  database: Database;
  jwtSecret: string;
  log: FastifyBaseLogger;
  /** Shared rate-limit counters among instances; absent: each instance counts on its own. */
  redis: RedisConnection | undefined;
  /** Runs every periodic job (the queues' workers, the domain checks, the hosts' refresh). */
  scheduler: Scheduler;
  siteHosts: SiteHosts;
  metrics: Metrics | undefined;
  /** Changes whenever anything is written: what may keep a computed answer checks it (the response cache's version). */
  writeVersion: () => number;
}

/**
 * Every service of the app, made once from the configuration: repositories touch the database,
 * services hold the rules, and the routes (registered by app.ts) speak HTTP. Nothing here starts:
 * the periodic jobs are added to `scheduler`, which the app starts when ready and stops on close.
 */
export function createServices({
  config,
  database,
  jwtSecret,
  log,
  redis,
  scheduler,
  siteHosts,
  metrics,
  writeVersion,
}: ServiceDependencies) {
  const { db, dialect } = database;
  const limiters = new RateLimiterFactory(config.rateLimits, redis);
  const markdown = new MarkdownRenderer();
  const notificationsRepository = new NotificationsRepository(db);
  const usersRepository = new UsersRepository(db);
  // Publishing a post queues its newsletter send in the same transaction (decision 61).
  const newsletterSends = new NewsletterSendsRepository(db, dialect);
  const postsRepository = new PostsRepository(db, newsletterSends);
  const tagsRepository = new TagsRepository(db);

  const tokens = new TokenService(jwtSecret, config.jwtTtlSeconds);
  const apiKeys = new ApiKeysService(new ApiKeysRepository(db), limiters.limiter('requestsPerApiKey'));
  const auth = new Authenticator(tokens, usersRepository, apiKeys);
  const moderationRepository = new ModerationRepository(db);
  const moderation = new ModerationService(
    moderationRepository,
    config.adminEmails,
    limiters.limiter('reportsPerUser'),
    // Hidden, restored or deleted posts: their followers on the social web hear of it.
    {
      postsModerated: async (ids) => {
        await postPublisher.postsModerated(ids);
        // A post deleted with its discussion takes the writer's replies there with it.
        for (const id of ids) await replyPublisher.commentsGone(id);
      },
      // A comment deleted with its replies may take a reply that went to the social web.
      commentsModerated: () => replyPublisher.commentsGone(),
    },
  );
  const passwords = new PasswordHasher(config.passwordHashing);
  metrics?.watchPasswordQueue(passwords);

  const transport = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom ?? defaultSender(config.publicUrl))
    : new LogMailer(log);
  // Account emails leave through a queue in the database: sent once across instances, retried
  // while SMTP is down, kept across restarts.
  const mailer = new QueuedMailer(
    new MailOutboxRepository(db, dialect),
    transport,
    { ...MAIL_QUEUE_DEFAULTS, ...config.mailQueue },
    log,
    scheduler,
  );
  // Uploaded pictures' files: served by the media routes, exported, and removed with an account.
  const mediaStorage = mediaStorageFor(config.media.s3, config.dataDir);
  const accounts = new AccountsService({
    accounts: new AccountsRepository(db),
    users: usersRepository,
    passwords,
    tokens,
    mailer,
    publicUrl: config.publicUrl,
    log,
    limiters,
    mediaStorage,
  });
  const media = new MediaService(
    new MediaRepository(db),
    mediaStorage,
    config.media.limits,
    limiters,
    config.media.remote,
  );
  // A replaced profile picture's files go after the change is written; a failure only leaves files.
  const discardPicture = (mediaId: string) => {
    media
      .discard([mediaId])
      .catch((error: unknown) =>
        log.warn({ err: error, mediaId }, 'Could not delete a replaced profile picture'),
      );
  };
  // Posts are made further down (they need more): the pinned post is read through them on demand.
  const pinnedPosts: PostReader = { get: (id, viewer) => posts.get(id, viewer) };
  const users = new UsersService(
    usersRepository,
    tokens,
    passwords,
    accounts,
    limiters,
    pinnedPosts,
    discardPicture,
  );

  // Signed webhooks: the queue is a table, so every instance runs a worker on it.
  const resolve = config.webhooks.resolve ?? systemResolver;
  const webhooksRepository = new WebhooksRepository(db, dialect);
  const webhookWorker = new WebhookWorker(
    webhooksRepository,
    { ...config.webhooks, batchSize: 10, resolve },
    log,
    scheduler,
  );
  const wake = () => webhookWorker.wake();
  const webhookEvents = new WebhookEvents(webhooksRepository, config.publicUrl, log, wake);
  const webhooks = new WebhooksService(webhooksRepository, { ...config.webhooks, resolve, wake }, limiters);

  const publicationUrls = new PublicationUrls(config.publicUrl, config.baseDomain);
  // The host router learns at once when a verified domain comes or goes on this instance.
  const domainsChanged = { domainsChanged: () => siteHosts.refresh() };
  const publicationsRepository = new PublicationsRepository(db);
  const publications = new PublicationsService(
    publicationsRepository,
    publicationUrls,
    domainsChanged,
    limiters,
  );

  // Newsletters: a reader subscribes to a publication (a writer's own blog is one) by email, with
  // a confirmation through the same mail queue; unconfirmed addresses are forgotten.
  const newslettersRepository = new NewslettersRepository(db);
  const unsubscribeLinks = new UnsubscribeLinks(jwtSecret);
  const newsletters = new NewslettersService({
    subscriptions: newslettersRepository,
    lists: publications,
    users: usersRepository,
    mailer,
    unsubscribeLinks,
    publicUrl: config.publicUrl,
    log,
    limiters,
    events: webhookEvents,
  });
  scheduler.add(new ForgetUnconfirmedSubscribers(newslettersRepository));
  // Each post to each active subscriber once: a queue in the database, a pooled SMTP connection
  // in a thread of its own (decision 95).
  const newsletterTransport = config.smtpUrl
    ? new WorkerSmtpTransport(
        {
          smtpUrl: config.smtpUrl,
          connections: config.newsletters.connections,
          dkim: config.newsletters.dkim,
        },
        log,
      )
    : new LogNewsletterTransport(log);
  const emailContext = {
    publicUrl: config.publicUrl,
    fromAddress: senderAddress(config.mailFrom ?? defaultSender(config.publicUrl)),
    unsubscribeMailto: config.newsletters.unsubscribeMailto,
  };
  const renderPostEmail = (post: PostForEmail) =>
    postEmailBody(
      post,
      markdown.render(post.content, POST_HEADING_BASE, config.publicUrl).html,
      emailContext,
    );
  const newsletterSender = new NewsletterSender(
    newsletterSends,
    new CachedPostEmails((postId, listId) => readPostForEmail(db, postId, listId), renderPostEmail),
    newsletterTransport,
    unsubscribeLinks,
    emailContext,
    {
      ...NEWSLETTER_SEND_DEFAULTS,
      ratePerSecond: config.newsletters.ratePerSecond,
      connections: config.newsletters.connections,
      ...config.newsletters.queue,
    },
    log,
    scheduler,
  );
  // The writer's side of the same lists: counts, growth, removal, CSV export and import.
  const subscribers = new SubscribersService({
    subscribers: new SubscribersRepository(db),
    sendReports: new SendReportsRepository(db),
    lists: newsletters,
    roles: publications,
    events: webhookEvents,
  });

  const publicationMembers = new PublicationMembersService(
    publicationsRepository,
    publications,
    notificationsRepository,
    limiters,
  );
  const domains = new DomainsService(
    new DomainsRepository(db),
    publications,
    publicationUrls,
    dnsLookup(config.dnsResolvers),
    domainsChanged,
  );
  // Custom domains are looked at again every DOMAIN_CHECK_INTERVAL_MINUTES: a pending one is
  // verified once its record appears, a verified one whose record is gone stops being served.
  const domainChecks = new DomainChecks(
    domains,
    { intervalMs: config.domainCheckIntervalMinutes * 60_000, ...DOMAIN_CHECK_DEFAULTS },
    log,
  );
  scheduler.add(domainChecks);
  // Every instance learns of another's verification within half a minute.
  scheduler.add(siteHosts);

  // After each post write: its webhooks, and a wake for the newsletter queue (whose row, if any,
  // the write's own transaction added) so a post published now starts sending at once.
  const postChanges: PostChangeListener = {
    postWritten: async (before, post) => {
      newsletterSender.wake();
      await webhookEvents.postWritten(before, post);
      // Followers on the social web: Create, Update or Delete (the publisher is made further down).
      await postPublisher.postWritten(before, post);
    },
    postDeleted: async (post) => {
      await webhookEvents.postDeleted(post);
      await postPublisher.postDeleted(post);
      // The writer's replies under it that went to the social web are deleted there too.
      await replyPublisher.commentsGone(post.id);
    },
  };
  // Each write's text is kept in the post's history (decision 76); a restore is a posts update.
  const postVersions: PostVersionsService = new PostVersionsService(new PostVersionsRepository(db), {
    requireEditor: (viewer, id): Promise<void> => posts.requireEditor(viewer, id),
    update: (viewer, id, input, restoring): Promise<Post> => posts.update(viewer, id, input, restoring),
  });
  // A post read carries its place in its series (decision 78), read straight from the series' tables.
  const series = new SeriesService(
    unitOfWork(db, (tx) => ({ series: new SeriesRepository(tx) })),
    publications,
    { exists: (userId) => postsRepository.userExists(userId) },
  );
  const posts = new PostsService(
    postsRepository,
    markdown,
    limiters,
    postChanges,
    publications,
    postVersions,
    (postId) => series.ofPost(postId),
    // Likes and boosts from the social web (decision 0084), counted where they are kept.
    (postId) => socialReactions.countsOf(postId),
    // The writing page's series choice (decision 0086), under the series' own rules.
    series,
  );
  const commentsStore = unitOfWork(db, (tx) => ({
    comments: new CommentsRepository(tx),
    blocks: new BlocksRepository(tx),
    notifications: new NotificationsRepository(tx),
  }));
  const comments = new CommentsService(commentsStore, markdown, posts, limiters, {
    commentCreated: async (comment) => {
      await webhookEvents.commentCreated(comment);
      // A writer's answer to a comment from the social web goes back there (made further down).
      await replyPublisher.commentCreated(comment);
    },
    // Its edit and deletion follow it there (decision 0084's addendum).
    commentEdited: async (comment): Promise<void> => {
      await replyPublisher.commentEdited(comment);
    },
    commentDeleted: async (commentId): Promise<void> => {
      await replyPublisher.commentDeleted(commentId);
    },
  });
  const authorModeration = new AuthorModerationService(commentsStore, comments);
  const favorites = new FavoritesService(
    unitOfWork(db, (tx) => ({
      favorites: new FavoritesRepository(tx),
      notifications: new NotificationsRepository(tx),
    })),
    limiters,
  );
  const follows = new FollowsService(
    unitOfWork(db, (tx) => ({
      follows: new FollowsRepository(tx),
      notifications: new NotificationsRepository(tx),
    })),
    users,
    limiters,
  );
  // Stats: pages report views and reads; each instance adds up its own in memory and writes them
  // in batches (a final one when the app closes); salts and hashes are forgotten after the day.
  const statsRepository = new StatsRepository(db);
  const statsCollector = new StatsCollector(statsRepository, STATS_COLLECTOR_DEFAULTS, log, scheduler);
  const statsRetention = new StatsRetention(statsRepository);
  scheduler.add(statsRetention);
  const mainHost = new URL(config.publicUrl).hostname.toLowerCase();
  const baseDomain = config.baseDomain?.toLowerCase();
  const stats = new StatsService(
    statsRepository,
    statsCollector,
    publications,
    {
      host: mainHost,
      isOwnHost: (host) =>
        host === mainHost ||
        (baseDomain !== undefined && (host === baseDomain || host.endsWith(`.${baseDomain}`))),
      siteUrl: (publication) => publicationUrls.siteUrl(publication),
    },
    // The newsletter's figures beside the views (decision 0088): subscribers, and each post's emails.
    new NewsletterFigures(db),
  );

  // The social web (decision 70). Every fetch of another server and every delivery goes through
  // the private-network guard; deliveries are a queue in the database, like the webhooks'.
  const federationHttp = {
    allowPrivateNetworks: config.federation.allowPrivateNetworks,
    resolve: config.federation.resolve ?? systemResolver,
    timeoutMs: config.federation.timeoutMs,
    userAgent: `Inkwell/${packageJson.version} (+${config.publicUrl})`,
  };
  // Each actor's key pair, its private half sealed under the instance's secret.
  const actorKeys = new ActorKeys(new ActorKeysRepository(db), new SealedSecrets(jwtSecret, 'actor keys'));
  const followersRepository = new FollowersRepository(db);
  const deliveriesRepository = new DeliveriesRepository(db, dialect);
  const federationRepository = new FederationRepository(db);
  const federationPosts = new FederationPostsRepository(db, dialect);
  // The writer's replies sent to the social web, for their edits, deletions and documents.
  const sentComments = new SentCommentsRepository(db);
  const federation: FederationService = new FederationService({
    repository: federationRepository,
    profiles: users,
    publications,
    posts,
    markdown,
    keys: actorKeys,
    followers: followersRepository,
    following: new FollowingRepository(db),
    sentPosts: federationPosts,
    sentComments,
    comments,
    options: { publicUrl: config.publicUrl, baseDomain: config.baseDomain, version: packageJson.version },
  });
  // Servers the operator blocked: nothing from them is taken, nothing goes to them (decision 0084).
  const blockedServers = new BlockedServersRepository(db);
  const deliveryWorker = new DeliveryWorker(
    deliveriesRepository,
    actorKeys,
    federation,
    { ...config.federation, ...federationHttp, publicUrl: config.publicUrl, batchSize: 10 },
    log,
    scheduler,
    blockedServers,
  );
  // Posts to their writers' (or publications') followers on other servers, scheduled ones on time.
  const postPublisher = new PostPublisher(
    {
      documents: federation,
      sent: federationPosts,
      facts: federationRepository,
      followers: followersRepository,
      deliveries: deliveriesRepository,
      wake: () => deliveryWorker.wake(),
      log,
    },
    { pollIntervalMs: config.federation.pollIntervalMs },
    scheduler,
  );
  const remoteAccounts = new RemoteAccountsRepository(db);
  const socialReactions = new ReactionsRepository(db);
  // Likes, boosts, followers and requests in the writer's notifications (decision 0084's addendum).
  const socialNotices = new SocialNotices({ notifications: notificationsRepository, posts: socialReactions });
  const replyPublisher: ReplyPublisher = new ReplyPublisher({
    accounts: remoteAccounts,
    sent: sentComments,
    documents: federation,
    deliveries: deliveriesRepository,
    wake: () => deliveryWorker.wake(),
    log,
  });
  const remoteDocuments = new RemoteDocuments(federationHttp);
  // Readers here following accounts elsewhere, and what those post (decision 0090).
  const followingRepository = new FollowingRepository(db);
  const timelineRepository = new TimelineRepository(db);
  // A reader's likes, boosts and replies to those posts, and the answers (decision 0094).
  const timelineActions = new TimelineActionsRepository(db);
  const outboxBackfill = new OutboxBackfill({
    remote: remoteDocuments,
    following: followingRepository,
    timeline: timelineRepository,
  });
  const inbox = new Inbox({
    publicUrl: config.publicUrl,
    remote: remoteDocuments,
    // Replies from the social web are comments, under the comments' own rules (decision 0084).
    conversation: new ConversationInbox({
      publicUrl: config.publicUrl,
      accounts: remoteAccounts,
      conversation: comments,
      followers: followersRepository,
      reactions: socialReactions,
      notices: socialNotices,
    }),
    following: new FollowingInbox({
      publicUrl: config.publicUrl,
      following: followingRepository,
      timeline: timelineRepository,
      accounts: remoteAccounts,
      actions: timelineActions,
      // The account's newest posts, read from its outbox once it accepts (decision 0094's addendum).
      backfill: (actor) => {
        outboxBackfill.fill(actor).catch((error: unknown) => {
          log.warn({ err: error, actor }, 'social web: an outbox could not be read back');
        });
      },
    }),
    followers: followersRepository,
    deliveries: deliveriesRepository,
    actors: federation,
    perServer: limiters.limiter('inboxPerServer'),
    blockedServers,
    remoteAccounts,
    notices: socialNotices,
    writerBlocks: new BlocksRepository(db),
    wake: () => deliveryWorker.wake(),
  });

  const publicationPages = new PublicationPagesService(new PublicationPagesRepository(db), publications);
  const searchRepository =
    dialect === 'postgres' ? new PostgresSearchRepository(db) : new SqliteSearchRepository(db);

  // A writer's followers there, approved by hand when they ask (decision 0084).
  const followRequests = new FollowRequestsService({
    publicUrl: config.publicUrl,
    followers: followersRepository,
    deliveries: deliveriesRepository,
    wake: () => deliveryWorker.wake(),
    accounts: remoteAccounts,
    notices: socialNotices,
  });

  return {
    auth,
    users,
    accounts,
    apiKeys,
    moderation,
    // Staff picks, testimonials and figures: audited in moderation's log, in the same transaction.
    curation: new CurationService(new CurationRepository(db, dialect), moderationRepository),
    posts,
    // Preview links of unpublished posts (decision 75).
    postPreviews: new PostPreviewsService(new PostPreviewsRepository(db), posts, config.publicUrl),
    postVersions,
    series,
    // Co-authors and invitations to co-write (decision 85); what they may do is the posts' rule.
    coauthors: new CoauthorsService(
      new CoauthorsRepository(db),
      notificationsRepository,
      (id, viewer) => posts.get(id, viewer),
      limiters,
    ),
    publications,
    // A publication's own pages, read on its site at /p/{slug} (decision 83).
    publicationPages,
    // Its site's navigation, footer and look (decision 83).
    siteSettings: new SiteSettingsService(new SiteSettingsRepository(db), publications, publicationPages),
    publicationMembers,
    domains,
    newsletters,
    subscribers,
    // A list's settings, and a post's email previewed or sent to its writer before publishing.
    newsletterSettings: new NewsletterSettingsService({
      settings: new NewsletterSettingsRepository(db),
      lists: subscribers,
      users: usersRepository,
      render: renderPostEmail,
      transport: newsletterTransport,
      context: emailContext,
    }),
    domainChecks,
    comments,
    authorModeration,
    favorites,
    follows,
    // A writer's block of a remote account also ends its follow of them, and tells its server
    // (decision 0084), as removing a follower does.
    blocks: new BlocksService(new BlocksRepository(db), {
      blocked: async (blockerId, blockedId) => {
        const account = await remoteAccounts.findByUser(blockedId);
        if (account) await followRequests.endFollow(blockerId, account.actorId);
      },
    }),
    // The operator's blocks of whole servers on the social web (decision 0084).
    serverBlocks: new ServerBlocksService(blockedServers),
    followRequests,
    // Accounts on other servers a reader follows, and their timeline (decision 0090).
    socialFollowing: new FollowingService({
      publicUrl: config.publicUrl,
      following: followingRepository,
      timeline: timelineRepository,
      actions: timelineActions,
      lookup: new RemoteActorLookup({ remote: remoteDocuments, http: federationHttp }),
      remote: remoteDocuments,
      accounts: remoteAccounts,
      deliveries: deliveriesRepository,
      actors: federation,
      handleOf: (userId) =>
        users.profile(userId, null).then(
          (profile) => profile.handle,
          () => null,
        ),
      markdown,
      wake: () => deliveryWorker.wake(),
    }),
    // Liking, boosting and replying to them from here (decision 0094).
    socialTimelineActions: new TimelineActionsService({
      publicUrl: config.publicUrl,
      actions: timelineActions,
      timeline: timelineRepository,
      followers: followersRepository,
      deliveries: deliveriesRepository,
      actors: federation,
      markdown,
      wake: () => deliveryWorker.wake(),
    }),
    handleSuggestions: new HandleSuggestionsService(new HandleSuggestionsRepository(db, dialect), limiters),
    notifications: new NotificationsService(notificationsRepository),
    tags: new TagsService(tagsRepository),
    search: new SearchService(searchRepository, postsRepository, tagsRepository),
    discover: new DiscoverService(
      new DiscoverRepository(db),
      postsRepository,
      tagsRepository,
      loadReleaseNotes(RELEASE_NOTES_FILES),
      CHANGELOG_RELEASES_LIMIT,
      writeVersion,
    ),
    webhooks,
    stats,
    statsCollector,
    statsRetention,
    media,
    exports: {
      sources: {
        transfer: new TransferRepository(db),
        storage: mediaStorage,
        publicOrigin: new URL(config.publicUrl).origin,
      },
      exportsByUser: limiters.limiter('exportsPerUser'),
    },
    // The RealWorld (Conduit) API on the same data, through the same services.
    conduit: new ConduitService({
      users,
      accounts,
      posts,
      comments,
      favorites,
      follows,
      conduit: new ConduitRepository(db),
    }),
    feeds: new FeedsService(new FeedsRepository(db), config.publicUrl, markdown, (id) => series.read(id)),
    // The social web (decision 70): actors, posts as Articles, WebFinger, NodeInfo and the inboxes.
    federation,
    inbox,
    sitemaps: new SitemapService(new SitemapRepository(db), config.publicUrl),
    markdown,
    readiness: [
      ...databaseReadinessChecks(new HealthRepository(db), Object.keys(migrations)),
      // Optional: every instance shares Redis and serves without it (limits then per instance).
      ...(redis ? [{ name: 'redis', run: () => redis.ping(), optional: true }] : []),
    ],
    /** Ends what the services hold open once the scheduler has stopped (the SMTP connection). */
    close(): void {
      if (transport instanceof SmtpMailer) transport.close();
      newsletterTransport.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
