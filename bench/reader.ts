import type { SeedResult } from './seed';

/** How many of the sampled posts the reader favorites and authors they follow. */
const FAVORITES = 20;
const FOLLOWS = 20;

async function call(origin: string, path: string, init: { method: string; token?: string; body?: unknown }) {
  const response = await fetch(`${origin}${path}`, {
    method: init.method,
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as unknown;
}

/** An account signed up through the API, as a person would: `name` is its username. */
export async function signUpBenchAccount(
  origin: string,
  name: string,
): Promise<{ id: string; token: string }> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const answer = (await call(origin, '/api/user/signup', {
    method: 'POST',
    body: { username: name, email: `${slug}-${process.pid}@example.com`, password: `${name} password` },
  })) as { jwt: string; userId: string };
  return { id: answer.userId, token: answer.jwt };
}

/**
 * A reader signed up through the API, who favorited some of the sampled posts and follows some of
 * the sampled authors, so a signed-in list or read has real `favorited` answers to compute.
 * Returns their token.
 */
export async function signUpBenchReader(origin: string, seed: SeedResult): Promise<string> {
  const { token } = await signUpBenchAccount(origin, 'Bench Reader');
  for (const id of seed.samplePostIds.slice(0, FAVORITES)) {
    await call(origin, `/api/post/favorite?id=${id}`, { method: 'POST', token });
  }
  for (const id of seed.sampleAuthorIds.slice(0, FOLLOWS)) {
    await call(origin, `/api/user/follow?userId=${encodeURIComponent(id)}`, { method: 'POST', token });
  }
  return token;
}
