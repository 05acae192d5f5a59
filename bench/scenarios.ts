import type { RecordedRoute } from './baseline-server';
import { httpGet, httpRequest } from './processes';
import type { SeedResult } from './seed';

export type ScenarioName =
  | 'list'
  | 'read'
  | 'profile'
  | 'topic'
  | 'search'
  | 'list-page'
  | 'read-page'
  | 'list-signed-in'
  | 'read-signed-in'
  | 'write-post'
  | 'write-comment'
  | 'write-favorite';

/** A write scenario's requests: their method, and the JSON bodies sent in turn (none: no body). */
export interface WriteRequests {
  method: 'POST';
  bodies: string[];
}

export interface Scenario {
  name: ScenarioName;
  description: string;
  paths: string[];
  /** A signed-in reader's token: sent as Authorization, so no answer comes from the response cache. */
  token?: string;
  /**
   * Target for the server's CPU a request as a multiple of the bare server's in the same run, when
   * every request reaches the database (`--no-cache`, or a signed-in reader, whom the response
   * cache never serves). With the cache on, an anonymous read has the cache's own targets
   * (CACHED_MAX_CPU_MULTIPLE, CACHED_MIN_RATIO).
   */
  maxCpuMultiple: number | null;
  /** Sent as a browser sends it: `Accept-Encoding`, so the answer is compressed as a reader gets it. */
  asBrowser?: true;
  /** Set on a write: every request changes the database. */
  write?: WriteRequests;
  /** Target for Inkwell's own req/s (writes: at least 3,000 a second). */
  minRequestsPerSecond?: number;
}

/** Writes on SQLite at least this many a second. */
export const WRITE_MIN_REQUESTS_PER_SECOND = 3000;

/**
 * P99 for every scenario at half of its own measured capacity (a paced load): what a reader feels
 * on a server that is busy but not overloaded. A p99 at saturation measures the queue instead.
 */
export const MAX_PACED_P99_MS = 10;

/**
 * A paced run whose generator sent its requests later than this (p99) measured the generator: on
 * two cores, node:http in one process cannot offer half of a cache hit's capacity (some 15–20,000
 * answers of 40 KB a second) beside the server, and falls seconds behind. Node's timers alone wake
 * it 1–4 ms late at any rate, so the bound is half the latency target, not zero. Such a latency is
 * reported, not judged.
 */
export const MAX_SEND_LAG_MS = MAX_PACED_P99_MS / 2;

/** A cache hit: at most this multiple of the bare server's CPU a request, and this share of its req/s. */
export const CACHED_MAX_CPU_MULTIPLE = 1.5;
export const CACHED_MIN_RATIO = 0.6;

/** What Chromium and Firefox send. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/** A post of about 1,500 characters, varied by `n`, as the editor sends it. */
function postBody(n: number): string {
  const paragraph =
    'Benchmarks measure what a writer does: save a post, answer a comment, keep a favorite. ' +
    'This paragraph is here so the body has the weight of a short real post, with **bold**, ' +
    '_emphasis_ and a [link](https://example.com) for the Markdown to carry. ';
  return JSON.stringify({
    title: `Bench post ${n}: what writing costs`,
    content: `## Part ${n}\n\n${paragraph.repeat(3)}\n\n${paragraph.repeat(2)}`,
    tags: ['benchmarks', `bench-${n % 10}`],
  });
}

/**
 * The writes (a post, a comment, a favorite), as the signed-in reader (the bench server's per-user write limits are lifted,
 * see run.ts): a new post, a comment on the sampled posts in turn, and a favorite of a post not
 * yet favorited. Run after every read, since they change what the reads would see.
 */
function writeScenarios(seed: SeedResult, token: string): Scenario[] {
  const targets = { maxCpuMultiple: null, minRequestsPerSecond: WRITE_MIN_REQUESTS_PER_SECOND };
  return [
    {
      name: 'write-post',
      description: 'POST /api/post/blog as a signed-in writer (a 1.5 KB Markdown post, published)',
      paths: ['/api/post/blog'],
      token,
      write: { method: 'POST', bodies: Array.from({ length: 50 }, (_, n) => postBody(n)) },
      ...targets,
    },
    {
      name: 'write-comment',
      description: `POST /api/post/comments as a signed-in reader (${seed.samplePostIds.length} posts in turn)`,
      paths: ['/api/post/comments'],
      token,
      write: {
        method: 'POST',
        bodies: seed.samplePostIds.map((postId, n) =>
          JSON.stringify({
            postId,
            body: `Comment ${n}: a fair point, and well made. Thank you for writing it.`,
          }),
        ),
      },
      ...targets,
    },
    {
      name: 'write-favorite',
      description: `POST /api/post/favorite?id= as a signed-in reader (${seed.favoriteTargetIds.length.toLocaleString('en')} posts in turn)`,
      paths: seed.favoriteTargetIds.map((id) => `/api/post/favorite?id=${id}`),
      token,
      write: { method: 'POST', bodies: [] },
      ...targets,
    },
  ];
}

/**
 * Every scenario. With `readerToken`, the list and a read again as a signed-in reader:
 * each post's `favorited` and the token's check are computed on every request.
 */
export function buildScenarios(seed: SeedResult, readerToken?: string): Scenario[] {
  const signedIn: Scenario[] = readerToken
    ? [
        {
          name: 'list-signed-in',
          description: 'GET /api/post/blog/all as a signed-in reader (first page, with favorited)',
          paths: ['/api/post/blog/all'],
          token: readerToken,
          maxCpuMultiple: 14,
        },
        {
          name: 'read-signed-in',
          description: `GET /api/post/blog?id= as a signed-in reader (${seed.samplePostIds.length} posts in turn)`,
          paths: seed.samplePostIds.map((id) => `/api/post/blog?id=${id}`),
          token: readerToken,
          maxCpuMultiple: 5,
        },
      ]
    : [];
  return [
    {
      name: 'list',
      description: 'GET /api/post/blog/all (first page, newest first)',
      paths: ['/api/post/blog/all'],
      maxCpuMultiple: 12,
    },
    {
      name: 'read',
      description: `GET /api/post/blog?id= (${seed.samplePostIds.length} posts in turn)`,
      paths: seed.samplePostIds.map((id) => `/api/post/blog?id=${id}`),
      maxCpuMultiple: 4,
    },
    {
      name: 'profile',
      description: `GET /api/post/profile?userId= (${seed.sampleAuthorIds.length} authors in turn)`,
      paths: seed.sampleAuthorIds.map((id) => `/api/post/profile?userId=${encodeURIComponent(id)}`),
      maxCpuMultiple: null,
    },
    topicScenario(seed),
    searchScenario(seed),
    // The server-rendered pages, as a browser's first load asks for them.
    {
      name: 'list-page',
      description: 'GET /allblog (server-rendered, first page of posts)',
      paths: ['/allblog'],
      asBrowser: true,
      maxCpuMultiple: 30,
    },
    {
      name: 'read-page',
      description: `GET /readblog?id= (server-rendered, ${seed.samplePostIds.length} posts in turn)`,
      paths: seed.samplePostIds.map((id) => `/readblog?id=${id}`),
      asBrowser: true,
      maxCpuMultiple: 12,
    },
    ...signedIn,
    ...(readerToken ? writeScenarios(seed, readerToken) : []),
  ];
}

/** A topic's first page: GET /api/post/blog/all?tag= for popular tags in turn. */
export function topicScenario(seed: SeedResult): Scenario {
  return {
    name: 'topic',
    description: `GET /api/post/blog/all?tag= (${seed.sampleTags.length} topics in turn)`,
    paths: seed.sampleTags.map((tag) => `/api/post/blog/all?tag=${encodeURIComponent(tag)}`),
    maxCpuMultiple: null,
  };
}

/** A two-word search's first page of ranked results with snippets. */
export function searchScenario(seed: SeedResult): Scenario {
  return {
    name: 'search',
    description: `GET /api/search?q= (${seed.searchQueries.length} two-word queries in turn)`,
    paths: seed.searchQueries.map((query) => `/api/search?q=${encodeURIComponent(query)}`),
    maxCpuMultiple: null,
  };
}

interface ResponseShape {
  response?: unknown;
}

/** Checks that an answer is what the scenario means to load, so a 404 page is never benchmarked. */
function checkAnswer(scenario: Scenario, path: string, status: number, body: string): void {
  if (status !== 200) {
    throw new Error(
      `GET ${path} answered ${status}: ${body.slice(0, 200)}\n` +
        '(is the posts API in server/modules/posts registered in server/app.ts?)',
    );
  }
  if (scenario.name === 'list-page' || scenario.name === 'read-page') {
    // A rendered page, not the shell the browser would fill: the cards or the post are in it.
    const marker = scenario.name === 'list-page' ? 'class="post-card"' : 'id="post-title"';
    if (!body.includes(marker))
      throw new Error(`GET ${path} did not render its content: ${body.slice(0, 200)}`);
    return;
  }
  const parsed = JSON.parse(body) as ResponseShape;
  if (scenario.name === 'read' || scenario.name === 'read-signed-in') {
    const post = parsed.response as { id?: unknown } | undefined;
    const id = new URL(path, 'http://x').searchParams.get('id');
    if (!post || post.id !== id) throw new Error(`GET ${path} did not answer post ${String(id)}`);
  } else if (!Array.isArray(parsed.response) || parsed.response.length === 0) {
    throw new Error(`GET ${path} answered no posts: ${body.slice(0, 200)}`);
  }
  if (scenario.token !== undefined && !body.includes('"favorited"')) {
    throw new Error(`GET ${path} with a token did not answer as to a signed-in reader`);
  }
}

/** Fetches every path of every scenario once from the real server: the baseline's answers. */
export async function recordAnswers(origin: string, scenarios: Scenario[]): Promise<RecordedRoute[]> {
  const routes: RecordedRoute[] = [];
  for (const scenario of scenarios) {
    if (scenario.write) {
      routes.push(await recordWrite(origin, scenario, scenario.write));
      continue;
    }
    for (const path of scenario.paths) {
      const answer = await httpGet(`${origin}${path}`, requestHeaders(scenario));
      checkAnswer(scenario, path, answer.status, answer.body);
      routes.push({
        method: 'GET',
        path,
        signedIn: scenario.token !== undefined,
        status: answer.status,
        contentType: answer.contentType || 'application/json',
        ...(answer.contentEncoding ? { contentEncoding: answer.contentEncoding } : {}),
        body: answer.body,
      });
    }
  }
  return routes;
}

/**
 * A write's answer, from one real request: the baseline answers it to every request of the
 * scenario, whatever its query (a write's answers differ only in ids and times).
 */
async function recordWrite(origin: string, scenario: Scenario, write: WriteRequests): Promise<RecordedRoute> {
  const path = scenario.paths[0] ?? '';
  const answer = await httpRequest(`${origin}${path}`, {
    method: write.method,
    headers: requestHeaders(scenario),
    ...(write.bodies[0] !== undefined ? { body: write.bodies[0] } : {}),
  });
  if (answer.status !== 200 && answer.status !== 201) {
    throw new Error(`${write.method} ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  }
  const parsed = JSON.parse(answer.body) as ResponseShape;
  if (typeof parsed.response !== 'object' || parsed.response === null) {
    throw new Error(`${write.method} ${path} answered no object: ${answer.body.slice(0, 200)}`);
  }
  return {
    method: write.method,
    path: path.split('?')[0] ?? path,
    signedIn: true,
    status: answer.status,
    contentType: answer.contentType || 'application/json',
    body: answer.body,
  };
}

/** The headers a scenario's requests carry: a reader's token, a browser's Accept-Encoding. */
export function requestHeaders(scenario: Scenario): Record<string, string> {
  return {
    ...(scenario.token === undefined ? {} : { authorization: `Bearer ${scenario.token}` }),
    ...(scenario.asBrowser ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {}),
  };
}

export function averageBodyBytes(routes: RecordedRoute[], scenario: Scenario): number {
  const method = scenario.write?.method ?? 'GET';
  const paths = new Set(scenario.write ? scenario.paths.map((path) => path.split('?')[0]) : scenario.paths);
  const signedIn = scenario.token !== undefined;
  const own = routes.filter(
    (route) => route.method === method && paths.has(route.path) && route.signedIn === signedIn,
  );
  const total = own.reduce((sum, route) => sum + Buffer.byteLength(route.body), 0);
  return own.length > 0 ? Math.round(total / own.length) : 0;
}
