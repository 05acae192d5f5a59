import { parseArgs } from 'node:util';
import { isPostgresUrl } from '../server/db/database';
import { wrkAvailable } from './wrk';

export interface BenchOptions {
  posts: number;
  authors: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Set: PostgreSQL on this server (a fresh database is created beside the one named). */
  postgresUrl: string | undefined;
  /** Run the scaling check instead of the scenarios. */
  scale: boolean;
  scaleSizes: [number, number];
  /** Run the existing build/server.mjs instead of rebuilding it first. */
  skipBuild: boolean;
  /** Start the server with --cpu-prof, writing its profile into bench/results. */
  cpuProfile: boolean;
  /** Turn the server's response cache off, to measure the database path of every request. */
  noCache: boolean;
  /** Time the sitemap index and its children instead of the scenarios. */
  sitemap: boolean;
  /** Email one post to `subscribers` subscribers instead of the scenarios. */
  newsletter: boolean;
  subscribers: number;
  /** NEWSLETTER_SEND_RATE for that run: emails a second. */
  newsletterRate: number;
  /** Stats under load instead of the scenarios: view events at `statsRate` a second for `statsSeconds`. */
  stats: boolean;
  statsRate: number;
  statsSeconds: number;
  /** Only these scenarios (all when undefined): profiling one page need not load the others. */
  only: string[] | undefined;
  /** wrk (its own process, the default when installed) or autocannon (inside the bench). */
  loadGenerator: LoadGenerator;
}

export type LoadGenerator = 'wrk' | 'autocannon';

const USAGE = `npm run bench -- [options]
  --posts N          posts to seed (default 100000), by --authors (default 1000)
  --connections N    autocannon connections (default 32)
  --duration S       seconds measured per scenario and server (default 10)
  --warmup S         seconds of unmeasured load before each measurement (default 3)
  --scale            the scaling check instead: list, topic and search latency at 10,000 and
                     at 1,000,000 posts
  --scale-sizes A,B  the two sizes of the scaling check (default 10000,1000000)
  --skip-build       run build/server.mjs as it is instead of rebuilding it
  --cpu-prof         profile the server (V8 --cpu-prof) into bench/results/
  --no-cache         run the server with RESPONSE_CACHE_TTL_MS=0 (every request reaches the database;
                     the scaling check always does)
  --sitemap          time the sitemap index and its child sitemaps instead (with --posts 1000000)
  --newsletter       email one post to --subscribers N confirmed subscribers (default 100000)
                     through a local SMTP server instead, at --newsletter-rate R a second (default 1000)
  --stats           first-party stats instead: --stats-rate R view events a second (default 5000)
                     for --stats-seconds S (default 30) while the read page is loaded, cached and
                     uncached; the views stored checked against the events sent; a writer's
                     365-day stats timed
  --only A,B         run only these scenarios (e.g. list-page,read-page)
  --load-generator G wrk (default when installed: apt-get install wrk) or autocannon
Runs on SQLite by default; on PostgreSQL when DATABASE_URL=postgres://… is set.`;

function integer(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`--${name} must be a whole number of at least ${min}\n\n${USAGE}`);
  }
  return value;
}

function loadGenerator(raw: string | undefined): LoadGenerator {
  if (raw === undefined) return wrkAvailable() ? 'wrk' : 'autocannon';
  if (raw !== 'wrk' && raw !== 'autocannon')
    throw new Error(`--load-generator is wrk or autocannon\n\n${USAGE}`);
  if (raw === 'wrk' && !wrkAvailable()) throw new Error('wrk is not installed (Debian: apt-get install wrk)');
  return raw;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      posts: { type: 'string' },
      authors: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      scale: { type: 'boolean', default: false },
      'scale-sizes': { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
      sitemap: { type: 'boolean', default: false },
      newsletter: { type: 'boolean', default: false },
      subscribers: { type: 'string' },
      'newsletter-rate': { type: 'string' },
      stats: { type: 'boolean', default: false },
      'stats-rate': { type: 'string' },
      'stats-seconds': { type: 'string' },
      only: { type: 'string' },
      'load-generator': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const sizes = (values['scale-sizes'] ?? '10000,1000000').split(',');
  if (sizes.length !== 2) throw new Error(`--scale-sizes takes two sizes, e.g. 10000,1000000\n\n${USAGE}`);
  const databaseUrl = env.DATABASE_URL;
  return {
    posts: integer('posts', values.posts, 100_000),
    authors: integer('authors', values.authors, 1000),
    connections: integer('connections', values.connections, 32),
    durationSeconds: integer('duration', values.duration, 10),
    warmupSeconds: integer('warmup', values.warmup, 3, 0),
    postgresUrl: databaseUrl && isPostgresUrl(databaseUrl) ? databaseUrl : undefined,
    scale: values.scale,
    scaleSizes: [integer('scale-sizes', sizes[0], 10_000), integer('scale-sizes', sizes[1], 1_000_000)],
    skipBuild: values['skip-build'],
    cpuProfile: values['cpu-prof'],
    noCache: values['no-cache'],
    sitemap: values.sitemap,
    newsletter: values.newsletter,
    subscribers: integer('subscribers', values.subscribers, 100_000),
    newsletterRate: integer('newsletter-rate', values['newsletter-rate'], 1000),
    stats: values.stats,
    statsRate: integer('stats-rate', values['stats-rate'], 5000),
    statsSeconds: integer('stats-seconds', values['stats-seconds'], 30),
    only: values.only === undefined ? undefined : values.only.split(',').map((name) => name.trim()),
    loadGenerator: loadGenerator(values['load-generator']),
  };
}
