/**
 * `npm run bench -- --sitemap [--posts N]`: how long the sitemap index and its child sitemaps take
 * to answer at N posts (quote it at --posts 1000000). Seeds a fresh database as the
 * scenarios do, starts the built server and times, one request at a time over loopback, to the
 * last byte: the index just after start (every range boundary found by a walk of the id index),
 * the index again (only the open tail walked), every posts child (up to 50,000 URLs each) and the
 * profiles child. Writes bench/results/sitemap.json.
 */
import { onCleanup } from './cleanup';
import { createBenchDatabase } from './databases';
import { databaseVersion, machineInfo } from './machine';
import type { BenchOptions } from './options';
import { buildServerBundle, httpGet, startAppServer } from './processes';
import { writeReport } from './report';
import { seedDatabase } from './seed';

const WARM_INDEX_REQUESTS = 5;

interface Timed {
  ms: number;
  bytes: number;
  urls: number;
}

async function timedGet(url: string): Promise<Timed> {
  const started = performance.now();
  const response = await httpGet(url);
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return {
    ms: Math.round(ms * 10) / 10,
    bytes: Buffer.byteLength(response.body),
    urls: response.body.split('<loc>').length - 1,
  };
}

/** The paths of the sitemaps an index names (its addresses carry PUBLIC_URL, not the bench's port). */
async function childPaths(origin: string): Promise<string[]> {
  const { body } = await httpGet(`${origin}/sitemap.xml`);
  return [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = '']) => {
    const url = new URL(loc.replace(/&amp;/g, '&'));
    return `${url.pathname}${url.search}`;
  });
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
}

export async function runSitemap(options: BenchOptions): Promise<void> {
  buildServerBundle(options.skipBuild);
  const database = await createBenchDatabase(options.postgresUrl);
  const dropDatabase = onCleanup(() => database.dispose());
  console.log(
    `Seeding ${options.posts.toLocaleString('en')} posts by ${options.authors} authors (${database.dialect})…`,
  );
  const seed = await seedDatabase(database, {
    posts: options.posts,
    authors: options.authors,
    sampleSize: 1,
  });
  console.log(`Seeded in ${(seed.ms / 1000).toFixed(1)} s`);
  const version = await databaseVersion(database);
  const app = await startAppServer(database.url, database.scratchDir);
  const stopApp = onCleanup(() => app.stop());

  const indexFirst = await timedGet(`${app.origin}/sitemap.xml`);
  const indexWarm: Timed[] = [];
  for (let i = 0; i < WARM_INDEX_REQUESTS; i += 1)
    indexWarm.push(await timedGet(`${app.origin}/sitemap.xml`));
  const paths = await childPaths(app.origin);
  const posts: Timed[] = [];
  for (const path of paths.filter((p) => p.startsWith('/sitemap-posts.xml'))) {
    posts.push(await timedGet(`${app.origin}${path}`));
  }
  const profiles = await timedGet(`${app.origin}/sitemap-profiles.xml`);
  await stopApp();
  await dropDatabase();

  const report = {
    generatedAt: new Date().toISOString(),
    machine: machineInfo(),
    database: { dialect: database.dialect, version, posts: seed.posts, authors: seed.authors },
    index: {
      firstAfterStartMs: indexFirst.ms,
      warmMs: summary(indexWarm.map((t) => t.ms)),
      children: indexFirst.urls,
    },
    postsChildren: {
      count: posts.length,
      urls: posts.reduce((sum, t) => sum + t.urls, 0),
      ms: summary(posts.map((t) => t.ms)),
      bytes: summary(posts.map((t) => t.bytes)),
    },
    profilesChild: profiles,
  };
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    [
      `\nSitemaps at ${seed.posts.toLocaleString('en')} posts (${database.dialect} ${version}):`,
      `  index (${indexFirst.urls} children): ${indexFirst.ms} ms just after start, then median ${report.index.warmMs.median} ms, max ${report.index.warmMs.max} ms`,
      `  posts children: ${posts.length} listing ${report.postsChildren.urls.toLocaleString('en')} URLs;` +
        ` median ${report.postsChildren.ms.median} ms, max ${report.postsChildren.ms.max} ms,` +
        ` ${mb(report.postsChildren.bytes.median)} MB each`,
      `  profiles child (${profiles.urls} URLs): ${profiles.ms} ms`,
    ].join('\n'),
  );
  console.log(`\nWrote ${writeReport('sitemap.json', report)}`);
}
