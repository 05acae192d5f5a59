import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { Authenticator } from './lib/authenticator';
import type { PageRendererModule } from '../contracts/page-rendering';
import { drainOnClose } from './lib/drain-on-close';
import { createHttpServer } from './lib/http-server';
import { Metrics, metricsWanted } from './lib/metrics';
import { PasswordHasher } from './lib/passwords';
import { parseQueryString } from './lib/query-string';
import { MarkdownRenderer } from './lib/markdown/markdown-renderer';
import { requestIdOf } from './lib/request-id';
import { CacheInvalidationBus } from './lib/cache-invalidation-bus';
import { connectRedis } from './lib/redis';
import { LogMailer, SmtpMailer, defaultSender } from './lib/mail';
import { MailOutboxRepository } from './modules/mail-outbox/mail-outbox-repository';
import { MAIL_QUEUE_DEFAULTS, QueuedMailer } from './modules/mail-outbox/queued-mailer';
import { AccountsRepository } from './modules/accounts/accounts-repository';
import { ApiKeysRepository } from './modules/api-keys/api-keys-repository';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys-routes';
import { ApiKeysService } from './modules/api-keys/api-keys-service';
import { registerAccountRoutes } from './modules/accounts/accounts-routes';
import { AccountsService } from './modules/accounts/accounts-service';
import { ResponseCache } from './lib/response-cache';
import { TokenService } from './lib/tokens';
import { registerFeedRoutes } from './modules/feeds/feeds-routes';
import { FeedsRepository } from './modules/feeds/feeds-repository';
import { FeedsService } from './modules/feeds/feeds-service';
import { HealthRepository } from './modules/health/health-repository';
import { registerHealthRoutes } from './modules/health/health-routes';
import { databaseReadinessChecks } from './modules/health/readiness';
import { resolveJwtSecret } from './modules/instance/jwt-secret';
import { MediaRepository } from './modules/media/media-repository';
import { registerMediaRoutes } from './modules/media/media-routes';
import { MediaService } from './modules/media/media-service';
import { mediaStorageFor } from './modules/media/media-storage';
import { registerPostRoutes } from './modules/posts/posts-routes';
import { DOMAIN_CHECK_DEFAULTS, DomainChecks } from './modules/publications/domain-checks';
import { dnsLookup } from './modules/publications/domain-verifier';
import { PublicationUrls } from './modules/publications/publication-urls';
import { PublicationsRepository } from './modules/publications/publications-repository';
import { registerPublicationRoutes } from './modules/publications/publications-routes';
import { PublicationsService } from './modules/publications/publications-service';
import { SiteHosts } from './modules/sites/site-hosts';
import { registerSiteRoutes } from './modules/sites/site-routes';
import { TransferRepository } from './modules/transfer/transfer-repository';
import { RateLimiterFactory } from './lib/rate-limiter';
import { registerTransferRoutes } from './modules/transfer/transfer-routes';
import { PostsRepository } from './modules/posts/posts-repository';
import { PostsService } from './modules/posts/posts-service';
import { registerRobotsRoute } from './modules/robots/robots-routes';
import { registerSitemapRoutes } from './modules/sitemap/sitemap-routes';
import { SitemapRepository } from './modules/sitemap/sitemap-repository';
import { SitemapService } from './modules/sitemap/sitemap-service';
import { registerCommentRoutes } from './modules/social/comments/comments-routes';
import { CommentsService } from './modules/social/comments/comments-service';
import { registerFavoriteRoutes } from './modules/social/favorites/favorites-routes';
import { FavoritesService } from './modules/social/favorites/favorites-service';
import { registerFollowRoutes } from './modules/social/follows/follows-routes';
import { registerBlockRoutes } from './modules/social/blocks/blocks-routes';
import { BlocksRepository } from './modules/social/blocks/blocks-repository';
import { BlocksService } from './modules/social/blocks/blocks-service';
import { registerNotificationRoutes } from './modules/notifications/notifications-routes';
import { NotificationsRepository } from './modules/notifications/notifications-repository';
import { FavoritesRepository } from './modules/social/favorites/favorites-repository';
import { FollowsRepository } from './modules/social/follows/follows-repository';
import { CommentsRepository } from './modules/social/comments/comments-repository';
import { unitOfWork } from './db/transaction';
import { NotificationsService } from './modules/notifications/notifications-service';
import { FollowsService } from './modules/social/follows/follows-service';
import { CHANGELOG_RELEASES_LIMIT } from '../contracts/discover';
import { loadReleaseNotes } from './modules/discover/release-notes';
import { DiscoverRepository } from './modules/discover/discover-repository';
import { registerDiscoverRoutes } from './modules/discover/discover-routes';
import { ConduitRepository } from './modules/conduit/conduit-repository';
import { registerConduitRoutes } from './modules/conduit/conduit-routes';
import { ConduitService } from './modules/conduit/conduit-service';
import { DiscoverService } from './modules/discover/discover-service';
import { PostgresSearchRepository } from './modules/search/postgres-search-repository';
import { registerSearchRoutes } from './modules/search/search-routes';
import { SearchService } from './modules/search/search-service';
import { SqliteSearchRepository } from './modules/search/sqlite-search-repository';
import { registerTagRoutes } from './modules/tags/tags-routes';
import { TagsRepository } from './modules/tags/tags-repository';
import { TagsService } from './modules/tags/tags-service';
import { registerUserRoutes } from './modules/users/users-routes';
import { UsersRepository } from './modules/users/users-repository';
import { UsersService } from './modules/users/users-service';
import { installCompression } from './plugins/compression';
import { installEntityTags } from './plugins/entity-tags';
import { answerFrameworkError, installErrorHandler } from './plugins/error-handler';
import { installJsonBodyParser } from './plugins/json-body';
import { installRequestTargetCheck } from './plugins/request-target';
import { requestTargetRefusal, settleRequestTarget } from './lib/request-target';
import { installMetrics } from './plugins/metrics';
import { installOpenApi } from './plugins/openapi';
import { installRouteGate } from './openapi/route-gate';
import { installRequestLog, logFrontDoorHit } from './plugins/request-log';
import { installResponseCache } from './plugins/response-cache';
import { installSecurity, securityHeadersVariant } from './plugins/security';
import { installWebApp } from './plugins/web-app';
import { systemResolver } from './lib/network-guard';
import { WebhookEvents } from './modules/webhooks/webhook-events';
import { WebhookWorker } from './modules/webhooks/webhook-worker';
import { WebhooksRepository } from './modules/webhooks/webhooks-repository';
import { registerWebhookRoutes } from './modules/webhooks/webhooks-routes';
import { ModerationRepository } from './modules/moderation/moderation-repository';
import { registerModerationRoutes } from './modules/moderation/moderation-routes';
import { ModerationService } from './modules/moderation/moderation-service';
import { WebhooksService } from './modules/webhooks/webhooks-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic re-check of custom domains; tests run a tick with their own clock. */
    domainChecks: DomainChecks;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The web app's server entry (build/ssr), which renders the pages; absent: the API alone, or index.html. */
  pages?: PageRendererModule;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Where the readers' release notes (docs/release-notes.md) are found, relative to this module once
 * bundled (build/server.mjs, beside which scripts/build-server.mjs copies them) or run from source
 * (server/app.ts, the repository root one folder up).
 */
const RELEASE_NOTES_FILES = [
  fileURLToPath(new URL('./release-notes.md', import.meta.url)),
  fileURLToPath(new URL('../docs/release-notes.md', import.meta.url)),
];

/**
 * The whole HTTP application, without a port: server.ts listens, tests call app.inject().
 * Wiring is explicit: repositories touch the database, services hold the rules, routes speak HTTP.
 * The database must be migrated first (the JWT secret may live in it).
 */
export async function buildApp({
  config,
  database,
  logger = false,
  pages,
}: BuildAppOptions): Promise<FastifyInstance> {
  const jwtSecret = await resolveJwtSecret({
    configured: config.jwtSecret,
    database,
    dataDir: config.dataDir,
  });
  const security = { corsOrigins: config.corsOrigins, hsts: config.hsts, trustProxy: config.trustProxy };
  const cache = new ResponseCache({
    ttlMs: config.responseCacheTtlMs,
    maxBytes: config.responseCacheMaxBytes,
    variant: securityHeadersVariant(security),
  });
  const metrics = metricsWanted(config.metrics) ? new Metrics({ database, cache }) : undefined;
  // Publications' own hosts (issue 11): routed under /pub/SLUG before the front door or Fastify
  // sees the path, so no answer for one host is ever kept or served for another.
  const publicationsRepository = new PublicationsRepository(database.db);
  const siteHosts = new SiteHosts(new URL(config.publicUrl).hostname, config.baseDomain, () =>
    publicationsRepository.verifiedDomains(),
  );
  const app: FastifyInstance = Fastify({
    logger,
    // The front door: a cached public read is answered here, before routing and hooks, and
    // logged like every other request; everything else goes on to Fastify.
    serverFactory: (handler) =>
      createHttpServer(config.http, (request, response) => {
        const started = performance.now();
        const requestId = requestIdOf(request, config.trustProxy);
        // First of all: which site and path the request names (an absolute-form target, two Hosts).
        settleRequestTarget(request);
        if (requestTargetRefusal(request) !== undefined) return handler(request, response);
        request.url = siteHosts.rewrite(request);
        const status = cache.serve(request, response, requestId);
        if (status === undefined) return handler(request, response);
        const ms = performance.now() - started;
        logFrontDoorHit(app.log, request, requestId, ms, status);
        metrics?.observeCacheHit(request, ms, status);
      }),
    // Decided once per request (lib/request-id.ts), so Fastify and the front door agree on it.
    genReqId: (request) => requestIdOf(request, config.trustProxy),
    // The same routing for requests that never passed the front door (app.inject in tests).
    rewriteUrl: (request) => siteHosts.rewrite(request),
    frameworkErrors: answerFrameworkError,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: {
      ignoreTrailingSlash: true,
      // Query strings like ?id=a&id=b become arrays; our schemas reject them rather than guess.
      // The response cache's front door parses with the same function.
      querystringParser: parseQueryString,
    },
  });

  drainOnClose(app, config.http.shutdownGraceMs);

  // The API speaks JSON only: any other body type is a 415, not a string for schemas to puzzle over.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  installErrorHandler(app);
  installRequestLog(app);
  await installSecurity(app, security);
  installRequestTargetCheck(app);
  // Order matters: onSend hooks run as added. Vary first, then the ETag (and its 304), then the
  // response cache keeps what those made; @fastify/compress's own hook runs last, per route.
  await installCompression(app);
  installEntityTags(app);
  installResponseCache(app, cache);
  // Before any route: it documents and checks every route added after it.
  await installOpenApi(app, { publicUrl: config.publicUrl, checkAnswers: config.checkApiAnswers ?? false });
  installMetrics(app, metrics, config.metrics);

  // With REDIS_URL, instances share rate limits and empty each other's response caches.
  const redis = config.redisUrl
    ? connectRedis(config.redisUrl, config.redisKeyPrefix ?? 'inkwell:')
    : undefined;
  if (redis) {
    app.addHook('onClose', () => redis.close());
    if (cache.enabled) await CacheInvalidationBus.connect(redis, cache, app.log);
  }

  const limiters = new RateLimiterFactory(config.rateLimits, redis);
  const tokens = new TokenService(jwtSecret, config.jwtTtlSeconds);
  const usersRepository = new UsersRepository(database.db);
  const apiKeys = new ApiKeysService(
    new ApiKeysRepository(database.db),
    limiters.limiter('requestsPerApiKey'),
  );
  const auth = new Authenticator(tokens, usersRepository, apiKeys);
  const moderationRepository = new ModerationRepository(database.db, database.dialect);
  const moderation = new ModerationService(
    moderationRepository,
    config.adminEmails,
    limiters.limiter('reportsPerUser'),
  );
  const passwords = new PasswordHasher(config.passwordHashing);
  metrics?.watchPasswordQueue(passwords);

  const transport = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom ?? defaultSender(config.publicUrl))
    : new LogMailer(app.log);
  // Account emails leave through a queue in the database: sent once across instances, retried
  // while SMTP is down, kept across restarts (issue 14 §1).
  const mailer = new QueuedMailer(
    new MailOutboxRepository(database.db, database.dialect),
    transport,
    { ...MAIL_QUEUE_DEFAULTS, ...config.mailQueue },
    app.log,
  );
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => {
    await mailer.stop();
    if (transport instanceof SmtpMailer) transport.close();
  });
  // Uploaded pictures' files: served by the media routes, exported, and removed with an account.
  const mediaStorage = mediaStorageFor(config.media.s3, config.dataDir);
  const accounts = new AccountsService({
    accounts: new AccountsRepository(database.db),
    users: usersRepository,
    passwords,
    tokens,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    limiters,
    mediaStorage,
  });
  const users = new UsersService(usersRepository, tokens, passwords, accounts, limiters);

  // Signed webhooks (issue 13 §3): the queue is a table, so every instance runs a worker on it.
  const webhookConfig = config.webhooks;
  const webhooksRepository = new WebhooksRepository(database.db, database.dialect);
  const webhookWorker = new WebhookWorker(
    webhooksRepository,
    { ...webhookConfig, batchSize: 10, resolve: webhookConfig.resolve ?? systemResolver },
    app.log,
  );
  const wakeWebhooks = () => webhookWorker.wake();
  const webhookEvents = new WebhookEvents(webhooksRepository, config.publicUrl, app.log, wakeWebhooks);
  const webhooks = new WebhooksService(
    webhooksRepository,
    { ...webhookConfig, resolve: webhookConfig.resolve ?? systemResolver, wake: wakeWebhooks },
    limiters,
  );
  app.addHook('onReady', async () => webhookWorker.start());
  app.addHook('onClose', () => webhookWorker.stop());

  app.addHook('onReady', async () => siteHosts.start(app.log));
  app.addHook('onClose', () => siteHosts.stop());
  const publications = new PublicationsService(
    publicationsRepository,
    new PublicationUrls(config.publicUrl, config.baseDomain),
    dnsLookup(config.dnsResolvers),
    { domainsChanged: () => siteHosts.refresh() },
    new NotificationsRepository(database.db),
    limiters,
  );
  // Custom domains are looked at again every DOMAIN_CHECK_INTERVAL_MINUTES: a pending one is
  // verified once its record appears, a verified one whose record is gone stops being served.
  const domainChecks = new DomainChecks(
    publications,
    { intervalMs: config.domainCheckIntervalMinutes * 60_000, ...DOMAIN_CHECK_DEFAULTS },
    app.log,
  );
  app.decorate('domainChecks', domainChecks);
  app.addHook('onReady', async () => domainChecks.start());
  app.addHook('onClose', () => domainChecks.stop());

  const markdown = new MarkdownRenderer();
  const postsRepository = new PostsRepository(database.db);
  const posts = new PostsService(postsRepository, markdown, limiters, webhookEvents, publications);
  const comments = new CommentsService(
    unitOfWork(database.db, (db) => ({
      comments: new CommentsRepository(db),
      blocks: new BlocksRepository(db),
      notifications: new NotificationsRepository(db),
    })),
    markdown,
    posts,
    limiters,
    webhookEvents,
  );
  const favorites = new FavoritesService(
    unitOfWork(database.db, (db) => ({
      favorites: new FavoritesRepository(db),
      notifications: new NotificationsRepository(db),
    })),
    limiters,
  );
  const follows = new FollowsService(
    unitOfWork(database.db, (db) => ({
      follows: new FollowsRepository(db),
      notifications: new NotificationsRepository(db),
    })),
    users,
    limiters,
  );
  const blocks = new BlocksService(new BlocksRepository(database.db));
  const notifications = new NotificationsService(new NotificationsRepository(database.db));
  const tagsRepository = new TagsRepository(database.db);
  const tags = new TagsService(tagsRepository);
  const searchRepository =
    database.dialect === 'postgres'
      ? new PostgresSearchRepository(database.db)
      : new SqliteSearchRepository(database.db);
  const search = new SearchService(searchRepository, postsRepository, tagsRepository);
  const discover = new DiscoverService(
    new DiscoverRepository(database.db),
    postsRepository,
    tagsRepository,
    loadReleaseNotes(RELEASE_NOTES_FILES),
    CHANGELOG_RELEASES_LIMIT,
  );

  installRouteGate(app, { auth, operators: moderation });
  registerUserRoutes(app, { users, operators: moderation });
  registerAccountRoutes(app, { accounts });
  registerApiKeyRoutes(app, { apiKeys });
  registerPostRoutes(app, { posts });
  registerPublicationRoutes(app, { publications });
  registerTransferRoutes(app, {
    sources: {
      transfer: new TransferRepository(database.db),
      storage: mediaStorage,
      publicOrigin: new URL(config.publicUrl).origin,
    },
    exportsByUser: limiters.limiter('exportsPerUser'),
  });
  await registerMediaRoutes(app, {
    media: new MediaService(
      new MediaRepository(database.db),
      mediaStorage,
      config.media.limits,
      limiters,
      config.media.remote,
    ),
  });
  registerCommentRoutes(app, { comments });
  registerFavoriteRoutes(app, { favorites });
  registerFollowRoutes(app, { follows });
  registerBlockRoutes(app, { blocks });
  registerNotificationRoutes(app, { notifications });
  registerTagRoutes(app, { tags });
  registerSearchRoutes(app, { search });
  registerDiscoverRoutes(app, { discover });
  registerWebhookRoutes(app, { webhooks });
  registerModerationRoutes(app, { moderation });
  // The RealWorld (Conduit) API on the same data, through the same services (issue 13 §4).
  await registerConduitRoutes(app, {
    conduit: new ConduitService({
      users,
      posts,
      comments,
      favorites,
      follows,
      conduit: new ConduitRepository(database.db),
    }),
  });

  // The open web's entry points: answered by the server itself, with or without a web build,
  // and registered before the web app so its catch-all never sees them.
  registerFeedRoutes(app, {
    feeds: new FeedsService(new FeedsRepository(database.db), config.publicUrl, markdown),
  });
  registerSitemapRoutes(app, {
    sitemaps: new SitemapService(new SitemapRepository(database.db), config.publicUrl),
  });
  registerRobotsRoute(app, { publicUrl: config.publicUrl });
  registerSiteRoutes(app, { publications, posts, markdown, publicUrl: config.publicUrl });
  registerHealthRoutes(app, {
    checks: [
      ...databaseReadinessChecks(new HealthRepository(database.db), Object.keys(migrations)),
      // Optional: every instance shares Redis and serves without it (limits then per instance).
      ...(redis ? [{ name: 'redis', run: () => redis.ping(), optional: true }] : []),
    ],
  });

  await installWebApp(app, {
    webDir: config.webDir,
    pages,
    publicUrl: config.publicUrl,
    baseDomain: config.baseDomain,
    services: { posts, comments, users, favorites, follows, tags, search, discover, moderation },
    auth,
    serveSourceMaps: config.serveSourceMaps,
  });
  return app;
}
