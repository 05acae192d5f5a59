import type { RecordedRoute } from './baseline-server';
import { httpGet } from './processes';
import type { SeedResult } from './seed';

export type ScenarioName = 'list' | 'read' | 'profile' | 'topic' | 'search' | 'list-page' | 'read-page';

export interface Scenario {
  name: ScenarioName;
  description: string;
  paths: string[];
  /** Target for Inkwell's req/s as a fraction of the baseline's, when the issue sets one. */
  minRatio: number | null;
}

/** Issue 3 §4: p99 at 32 connections, for every scenario. */
export const MAX_P99_MS = 25;

export function buildScenarios(seed: SeedResult): Scenario[] {
  return [
    {
      name: 'list',
      description: 'GET /api/post/blog/all (first page, newest first)',
      paths: ['/api/post/blog/all'],
      minRatio: 0.5,
    },
    {
      name: 'read',
      description: `GET /api/post/blog?id= (${seed.samplePostIds.length} posts in turn)`,
      paths: seed.samplePostIds.map((id) => `/api/post/blog?id=${id}`),
      minRatio: 0.6,
    },
    {
      name: 'profile',
      description: `GET /api/post/profile?userId= (${seed.sampleAuthorIds.length} authors in turn)`,
      paths: seed.sampleAuthorIds.map((id) => `/api/post/profile?userId=${encodeURIComponent(id)}`),
      minRatio: null,
    },
    topicScenario(seed),
    searchScenario(seed),
    // Issue 8 §7: the server-rendered pages, as a browser's first load asks for them.
    {
      name: 'list-page',
      description: 'GET /allblog (server-rendered, first page of posts)',
      paths: ['/allblog'],
      minRatio: 0.5,
    },
    {
      name: 'read-page',
      description: `GET /readblog?id= (server-rendered, ${seed.samplePostIds.length} posts in turn)`,
      paths: seed.samplePostIds.map((id) => `/readblog?id=${id}`),
      minRatio: 0.5,
    },
  ];
}

/** A topic's first page: GET /api/post/blog/all?tag= for popular tags in turn. */
export function topicScenario(seed: SeedResult): Scenario {
  return {
    name: 'topic',
    description: `GET /api/post/blog/all?tag= (${seed.sampleTags.length} topics in turn)`,
    paths: seed.sampleTags.map((tag) => `/api/post/blog/all?tag=${encodeURIComponent(tag)}`),
    minRatio: null,
  };
}

/** A two-word search's first page of ranked results with snippets. */
export function searchScenario(seed: SeedResult): Scenario {
  return {
    name: 'search',
    description: `GET /api/search?q= (${seed.searchQueries.length} two-word queries in turn)`,
    paths: seed.searchQueries.map((query) => `/api/search?q=${encodeURIComponent(query)}`),
    minRatio: null,
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
  if (scenario.name === 'read') {
    const post = parsed.response as { id?: unknown } | undefined;
    const id = new URL(path, 'http://x').searchParams.get('id');
    if (!post || post.id !== id) throw new Error(`GET ${path} did not answer post ${String(id)}`);
  } else if (!Array.isArray(parsed.response) || parsed.response.length === 0) {
    throw new Error(`GET ${path} answered no posts: ${body.slice(0, 200)}`);
  }
}

/** Fetches every path of every scenario once from the real server: the baseline's answers. */
export async function recordAnswers(origin: string, scenarios: Scenario[]): Promise<RecordedRoute[]> {
  const routes: RecordedRoute[] = [];
  for (const scenario of scenarios) {
    for (const path of scenario.paths) {
      const { status, contentType, body } = await httpGet(`${origin}${path}`);
      checkAnswer(scenario, path, status, body);
      routes.push({ path, status, contentType: contentType || 'application/json', body });
    }
  }
  return routes;
}

export function averageBodyBytes(routes: RecordedRoute[], scenario: Scenario): number {
  const paths = new Set(scenario.paths);
  const own = routes.filter((route) => paths.has(route.path));
  const total = own.reduce((sum, route) => sum + Buffer.byteLength(route.body), 0);
  return own.length > 0 ? Math.round(total / own.length) : 0;
}
