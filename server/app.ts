import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { PageRendererModule } from '../contracts/page-rendering';
import type { AppConfig } from './config';
import { createServices, siteHostsFor, type Services } from './composition';
import type { Database } from './db/database';
import { CacheInvalidationBus } from './lib/cache-invalidation-bus';
import { drainOnClose } from './lib/drain-on-close';
import { createHttpServer } from './lib/http-server';
import { Metrics, metricsWanted } from './lib/metrics';
import { parseQueryString } from './lib/query-string';
import { connectRedis } from './lib/redis';
import { requestIdOf } from './lib/request-id';
import { requestTargetRefusal, settleRequestTarget } from './lib/request-target';
import { ResponseCache } from './lib/response-cache';
import { Scheduler } from './lib/scheduler';
import { registerAccountRoutes } from './modules/accounts/accounts-routes';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys-routes';
import { registerConduitRoutes } from './modules/conduit/conduit-routes';
import { registerDiscoverRoutes } from './modules/discover/discover-routes';
import type { DomainChecks } from './modules/domains/domain-checks';
import { registerDomainRoutes } from './modules/domains/domains-routes';
import { installRepresentationConstraint, representationOf } from './modules/federation/activity-negotiation';
import { registerFederationRoutes } from './modules/federation/federation-routes';
import { registerServerBlocksRoutes } from './modules/federation/server-blocks-routes';
import { registerFollowRequestsRoutes } from './modules/federation/follow-requests-routes';
import { registerFollowingRoutes } from './modules/federation/following-routes';
import { registerTimelineActionsRoutes } from './modules/federation/timeline-actions-routes';
import { registerFeedRoutes } from './modules/feeds/feeds-routes';
import { registerHealthRoutes } from './modules/health/health-routes';
import { resolveJwtSecret } from './modules/instance/jwt-secret';
import { registerMediaRoutes } from './modules/media/media-routes';
import { registerCurationRoutes } from './modules/curation/curation-routes';
import { registerModerationRoutes } from './modules/moderation/moderation-routes';
import { registerNewsletterRoutes } from './modules/newsletters/newsletters-routes';
import { registerSubscriberRoutes } from './modules/newsletters/subscribers-routes';
import { registerNewsletterSettingsRoutes } from './modules/newsletters/newsletter-settings-routes';
import { registerNotificationRoutes } from './modules/notifications/notifications-routes';
import { registerPostPreviewRoutes } from './modules/post-previews/post-previews-routes';
import { registerPostVersionRoutes } from './modules/post-versions/post-versions-routes';
import { registerSeriesRoutes } from './modules/series/series-routes';
import { registerPublicationPageRoutes } from './modules/publication-pages/publication-pages-routes';
import { registerSiteSettingsRoutes } from './modules/site-settings/site-settings-routes';
import { registerPostRoutes } from './modules/posts/posts-routes';
import { registerCoauthorRoutes } from './modules/coauthors/coauthors-routes';
import { registerPublicationMemberRoutes } from './modules/publications/publication-members-routes';
import { registerPublicationRoutes } from './modules/publications/publications-routes';
import { registerRobotsRoute } from './modules/robots/robots-routes';
import { registerSearchRoutes } from './modules/search/search-routes';
import { registerSitemapRoutes } from './modules/sitemap/sitemap-routes';
import type { SiteHosts } from './modules/sites/site-hosts';
import { registerSiteRoutes } from './modules/sites/site-routes';
import { registerBlockRoutes } from './modules/social/blocks/blocks-routes';
import { registerCommentRoutes } from './modules/social/comments/comments-routes';
import { registerAuthorModerationRoutes } from './modules/social/comments/author-moderation-routes';
import { registerFavoriteRoutes } from './modules/social/favorites/favorites-routes';
import { registerFollowRoutes } from './modules/social/follows/follows-routes';
import type { StatsCollector } from './modules/stats/stats-collector';
import type { StatsRetention } from './modules/stats/stats-retention';
import { registerStatsRoutes } from './modules/stats/stats-routes';
import { registerTagRoutes } from './modules/tags/tags-routes';
import { registerTransferRoutes } from './modules/transfer/transfer-routes';
import { registerUserRoutes } from './modules/users/users-routes';
import { registerWebhookRoutes } from './modules/webhooks/webhooks-routes';
import { installRouteGate } from './openapi/route-gate';
import { installCompression } from './plugins/compression';
import { installEntityTags } from './plugins/entity-tags';
import { answerFrameworkError, installErrorHandler } from './plugins/error-handler';
import { installJsonBodyParser } from './plugins/json-body';
import { installMetrics } from './plugins/metrics';
import { installOpenApi } from './plugins/openapi';
import { installRequestLog, logFrontDoorHit } from './plugins/request-log';
import { installRequestTargetCheck } from './plugins/request-target';
import { installResponseCache } from './plugins/response-cache';
import { installSecurity, securityHeadersVariant, type SecurityOptions } from './plugins/security';
import { installWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic re-check of custom domains; tests run a tick with their own clock. */
    domainChecks: DomainChecks;
    /** Every periodic job of the app; tests check that none is left once it closes. */
    scheduler: Scheduler;
    /** The stats' buffer and retention: tests write a batch, or forget, when they choose. */
    stats: { collector: StatsCollector; retention: StatsRetention };
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
 * The whole HTTP application, without a port: server.ts listens, tests call app.inject().
 * The services are made once from the configuration (composition.ts), then each module's routes
 * are registered; every periodic job runs on one scheduler, started when the app is ready and
 * stopped when it closes. The database must be migrated first (the JWT secret may live in it).
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
  const securityVariant = securityHeadersVariant(security);
  const cache = new ResponseCache({
    ttlMs: config.responseCacheTtlMs,
    maxBytes: config.responseCacheMaxBytes,
    // A page's address may also answer ActivityStreams (decision 70): the two are kept apart.
    variant: (request) => `${securityVariant(request)}|${representationOf(request)}`,
  });
  const metrics = metricsWanted(config.metrics) ? new Metrics({ database, cache }) : undefined;
  // Publications' own hosts: routed under /pub/SLUG before the front door or Fastify sees the
  // path, so no answer for one host is ever kept or served for another.
  const siteHosts = siteHostsFor(config, database);
  const app = createFastify({ config, logger, siteHosts, cache, metrics });
  await installPlugins(app, { config, security, cache, metrics });

  // With REDIS_URL, instances share rate limits and empty each other's response caches.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, config.redisKeyPrefix) : undefined;
  if (redis) {
    app.addHook('onClose', () => redis.close());
    if (cache.enabled) await CacheInvalidationBus.connect(redis, cache, app.log);
  }

  const scheduler = new Scheduler(app.log);
  const services = createServices({
    config,
    database,
    jwtSecret,
    log: app.log,
    redis,
    scheduler,
    siteHosts,
    metrics,
    writeVersion: () => cache.version,
  });
  app.decorate('domainChecks', services.domainChecks);
  app.decorate('scheduler', scheduler);
  app.decorate('stats', { collector: services.statsCollector, retention: services.statsRetention });
  // The jobs start once the custom domains are known, and all of them stop when the app closes.
  app.addHook('onReady', async () => {
    await siteHosts.refresh();
    scheduler.start();
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    // The events still in memory are written before the database is closed (server.ts).
    await services.statsCollector.close();
    services.close();
  });

  await registerRoutes(app, services, config);
  await installWebApp(app, {
    webDir: config.webDir,
    pages,
    publicUrl: config.publicUrl,
    baseDomain: config.baseDomain,
    services: {
      posts: services.posts,
      postPreviews: services.postPreviews,
      series: services.series,
      comments: services.comments,
      users: services.users,
      favorites: services.favorites,
      follows: services.follows,
      tags: services.tags,
      search: services.search,
      discover: services.discover,
      curation: services.curation,
    },
    auth: services.auth,
    serveSourceMaps: config.serveSourceMaps,
  });
  return app;
}

/** Fastify behind our front door, which answers cached public reads before routing. */
function createFastify(options: {
  config: AppConfig;
  logger: FastifyServerOptions['logger'];
  siteHosts: SiteHosts;
  cache: ResponseCache;
  metrics: Metrics | undefined;
}): FastifyInstance {
  const { config, logger, siteHosts, cache, metrics } = options;
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
  return app;
}

/** What every request passes through, in order, before and after its route. */
async function installPlugins(
  app: FastifyInstance,
  options: {
    config: AppConfig;
    security: SecurityOptions;
    cache: ResponseCache;
    metrics: Metrics | undefined;
  },
): Promise<void> {
  const { config, security, cache, metrics } = options;
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
}

/** Each module's routes, on the services made once. */
async function registerRoutes(app: FastifyInstance, services: Services, config: AppConfig): Promise<void> {
  const { auth, moderation, users, posts, publications, comments, favorites, follows } = services;
  installRouteGate(app, { auth, operators: moderation });
  // Before any route that negotiates: a page's address and its ActivityStreams document.
  installRepresentationConstraint(app);
  registerUserRoutes(app, {
    users,
    operators: moderation,
    handleSuggestions: services.handleSuggestions,
  });
  registerAccountRoutes(app, { accounts: services.accounts });
  registerApiKeyRoutes(app, { apiKeys: services.apiKeys });
  registerPostRoutes(app, { posts });
  registerPostPreviewRoutes(app, { previews: services.postPreviews });
  registerCoauthorRoutes(app, { coauthors: services.coauthors });
  registerPostVersionRoutes(app, { versions: services.postVersions });
  registerSeriesRoutes(app, { series: services.series });
  registerPublicationRoutes(app, { publications });
  registerPublicationPageRoutes(app, { pages: services.publicationPages });
  registerSiteSettingsRoutes(app, { settings: services.siteSettings });
  registerPublicationMemberRoutes(app, { members: services.publicationMembers });
  registerDomainRoutes(app, { domains: services.domains });
  registerTransferRoutes(app, services.exports);
  await registerNewsletterRoutes(app, {
    newsletters: services.newsletters,
    publications,
    publicUrl: config.publicUrl,
  });
  await registerSubscriberRoutes(app, { subscribers: services.subscribers });
  await registerNewsletterSettingsRoutes(app, { settings: services.newsletterSettings });
  await registerMediaRoutes(app, { media: services.media, pictures: users, publicUrl: config.publicUrl });
  registerCommentRoutes(app, { comments });
  registerAuthorModerationRoutes(app, { moderation: services.authorModeration });
  registerFavoriteRoutes(app, { favorites });
  registerFollowRoutes(app, { follows });
  registerBlockRoutes(app, { blocks: services.blocks });
  registerNotificationRoutes(app, { notifications: services.notifications });
  registerTagRoutes(app, { tags: services.tags });
  registerStatsRoutes(app, { stats: services.stats });
  registerSearchRoutes(app, { search: services.search });
  registerDiscoverRoutes(app, { discover: services.discover });
  registerWebhookRoutes(app, { webhooks: services.webhooks });
  registerModerationRoutes(app, { moderation });
  registerCurationRoutes(app, { curation: services.curation });
  registerServerBlocksRoutes(app, { servers: services.serverBlocks });
  registerFollowRequestsRoutes(app, { requests: services.followRequests });
  registerFollowingRoutes(app, { following: services.socialFollowing });
  registerTimelineActionsRoutes(app, { actions: services.socialTimelineActions });
  await registerConduitRoutes(app, { conduit: services.conduit });

  // The open web's entry points: answered by the server itself, with or without a web build,
  // and registered before the web app so its catch-all never sees them.
  registerFeedRoutes(app, { feeds: services.feeds });
  await registerFederationRoutes(app, { federation: services.federation, inbox: services.inbox });
  registerSitemapRoutes(app, { sitemaps: services.sitemaps });
  registerRobotsRoute(app, { publicUrl: config.publicUrl });
  registerSiteRoutes(app, {
    publications,
    posts,
    pages: services.publicationPages,
    look: (publicationId) => services.siteSettings.look(publicationId),
    markdown: services.markdown,
    publicUrl: config.publicUrl,
    series: services.series,
    users: services.users,
  });
  registerHealthRoutes(app, { checks: services.readiness });
}
