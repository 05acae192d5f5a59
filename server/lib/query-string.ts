import fastQuerystring from 'fast-querystring';

export type ParsedQuery = Record<string, string | string[] | undefined>;

/**
 * The one query-string parser: Fastify is configured with it (routerOptions.querystringParser)
 * and the response cache's front door uses it, so both read a URL's parameters identically and a
 * cached answer can never be served for parameters Fastify would have read differently. It is
 * fast-querystring, Fastify's own default, so Fastify reads queries as it always did. A repeated
 * parameter becomes an array, which the route schemas refuse.
 */
export function parseQueryString(query: string): ParsedQuery {
  return query.length === 0 ? {} : (fastQuerystring.parse(query) as ParsedQuery);
}

/** Splits a request URL the way Fastify's router does: the path ends at the first '?' or '#'. */
export function splitRequestUrl(url: string): { path: string; query: string } {
  const question = url.indexOf('?');
  const hash = url.indexOf('#');
  const end = question === -1 ? hash : hash === -1 ? question : Math.min(question, hash);
  return end === -1 ? { path: url, query: '' } : { path: url.slice(0, end), query: url.slice(end + 1) };
}
