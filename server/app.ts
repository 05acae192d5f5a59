import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { Authenticator } from './lib/authenticator';
import { TokenService } from './lib/tokens';
import { registerPostRoutes } from './modules/posts/posts-routes';
import { PostsRepository } from './modules/posts/posts-repository';
import { PostsService } from './modules/posts/posts-service';
import { registerUserRoutes } from './modules/users/users-routes';
import { UsersRepository } from './modules/users/users-repository';
import { UsersService } from './modules/users/users-service';
import { installErrorHandler } from './plugins/error-handler';
import { installRequestLog } from './plugins/request-log';
import { installSecurity } from './plugins/security';
import { installWebApp } from './plugins/web-app';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The whole HTTP application, without a port: server.ts listens, tests call app.inject().
 * Wiring is explicit: repositories touch the database, services hold the rules, routes speak HTTP.
 */
export async function buildApp({
  config,
  database,
  logger = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Query strings like ?id=a&id=b become arrays; our schemas reject them rather than guess.
    routerOptions: { ignoreTrailingSlash: true },
  });

  // The API speaks JSON only: any other body type is a 415, not a string for schemas to puzzle over.
  app.removeContentTypeParser('text/plain');
  installErrorHandler(app);
  installRequestLog(app);
  await installSecurity(app, config.corsOrigins);

  const tokens = new TokenService(config.jwtSecret, config.jwtTtlSeconds);
  const usersRepository = new UsersRepository(database.db);
  const auth = new Authenticator(tokens, usersRepository);
  const users = new UsersService(usersRepository, tokens, config.rateLimits);

  const posts = new PostsService(new PostsRepository(database.db));

  registerUserRoutes(app, { users, auth });
  registerPostRoutes(app, { posts, auth });

  await installWebApp(app, config.webDir);
  return app;
}
