import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoContent } from './seed/demo-content';
import { loadPages } from './web/load-pages';

/** Starts Inkwell: config from the environment, migrate, seed once, listen, close gracefully. */
async function main(): Promise<void> {
  // The server renders pages with React, which is several times slower (and chatty) in its
  // development build: a server started without NODE_ENV is a production server.
  process.env.NODE_ENV ??= 'production';
  // The bundle lives in build/, beside the built web app in build/web and its server entry in build/ssr.
  const here = dirname(fileURLToPath(import.meta.url));
  const config = loadConfig(process.env, { webDir: join(here, 'web') });
  const database = openDatabase(config);
  // Migrations first: the app may keep its generated JWT secret in the database.
  const applied = await migrateToLatest(database);
  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    // The web app's server entry is built beside it: build/ssr next to build/web.
    pages: config.webDir ? await loadPages(join(dirname(config.webDir), 'ssr')) : undefined,
  });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (config.seedDemo && (await seedDemoContent(database.db))) app.log.info('demo posts added');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    // app.close() drains the connections within HTTP_SHUTDOWN_GRACE_MS (lib/drain-on-close.ts).
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.dialect, location: database.location, web: config.webDir },
    `Inkwell is serving http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
}

main().catch((error: unknown) => {
  // A bad configuration is the operator's to fix: what is wrong, without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
