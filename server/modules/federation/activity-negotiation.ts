import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Negotiator from 'negotiator';
import { ACTIVITY_STREAMS_LD_MEDIA_TYPE, ACTIVITY_STREAMS_MEDIA_TYPE } from '../../../contracts/federation';

/** HTML first: a tie (`*\/*`, no Accept at all) is a person's browser, who gets the page. */
const OFFERED = ['text/html', ACTIVITY_STREAMS_MEDIA_TYPE, ACTIVITY_STREAMS_LD_MEDIA_TYPE];

/**
 * Whether a request to a page's address wants the ActivityStreams document rather than the page:
 * its Accept header ranks `application/activity+json` or `application/ld+json` (with or without the
 * ActivityStreams profile) above HTML, by q-values as negotiator reads them. Mastodon sends
 * `application/activity+json, application/ld+json; profile="…", text/html;q=0.1`; browsers send
 * `text/html` first. A header that names neither type (the app's own `application/json`, a
 * browser's) is decided without parsing: the router asks on every request, and so does the response
 * cache's key (`representationOf`).
 */
export function prefersActivityStreams(accept: string | string[] | undefined): boolean {
  if (accept === undefined) return false;
  const header = Array.isArray(accept) ? accept.join(', ') : accept;
  if (!header.includes('activity+json') && !header.includes('ld+json')) return false;
  const chosen = new Negotiator({ headers: { accept: header } }).mediaType(OFFERED);
  return chosen !== undefined && chosen !== 'text/html';
}

/** Which of a negotiated address's two answers a request gets: the page or the document. */
export type Representation = 'page' | 'activity';

export function representationOf(request: Pick<IncomingMessage, 'headers'>): Representation {
  return prefersActivityStreams(request.headers.accept) ? 'activity' : 'page';
}

/** The route constraint's name: `{ constraints: { representation: 'activity' } }`. */
export const REPRESENTATION_CONSTRAINT = 'representation';

/**
 * Teaches Fastify's router to choose between a page and its ActivityStreams document at the same
 * address: a route declared with `constraints: { representation: 'activity' }` takes the requests
 * that prefer ActivityStreams, and the unconstrained page route (or the catch-all) all others.
 */
export function installRepresentationConstraint(app: FastifyInstance): void {
  app.addConstraintStrategy({
    name: REPRESENTATION_CONSTRAINT,
    storage() {
      const handlers = new Map<string, unknown>();
      return {
        get: (value: string) => (handlers.get(value) ?? null) as never,
        set: (value: string, store: unknown) => {
          handlers.set(value, store);
        },
      };
    },
    deriveConstraint: (request: IncomingMessage) => representationOf(request),
    // A request that prefers HTML still matches routes without the constraint.
    mustMatchWhenDerived: false,
  });
}
