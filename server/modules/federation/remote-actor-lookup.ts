import type { Actor } from '@fedify/vocab';
import { splitAccountName } from '../../../contracts/federation';
import { FOLLOW_REMOTE_MESSAGE } from '../../../contracts/social-web';
import { guardedRequest, type GuardedHttpOptions, type GuardedOutcome } from '../../lib/guarded-http';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import { loadVocab } from './fedify';
import type { RemoteDocuments } from './remote-documents';

export const NO_SUCH_REMOTE_ACCOUNT_MESSAGE = 'There is no such account on that server';
export const UNREACHABLE_MESSAGE = 'That server did not answer: try again later';
export const NOT_AN_ACCOUNT_MESSAGE = 'That address is not an account on the social web';

/** A WebFinger answer is a few hundred bytes. */
const MAX_WEBFINGER_BYTES = 64 * 1024;

type Loaders = ReturnType<RemoteDocuments['forOneActivity']>;

/** What a reader typed: an account by its name, or an actor's address. */
export type RemoteAccountName = { kind: 'acct'; user: string; host: string } | { kind: 'url'; url: URL };

/** `@name@host`, `name@host`, `acct:name@host`, or an http(s) address; anything else is a 400. */
export function parseRemoteAccount(input: string): RemoteAccountName {
  const text = input.trim();
  const malformed = () => badRequest(FOLLOW_REMOTE_MESSAGE, { account: [FOLLOW_REMOTE_MESSAGE] });
  if (/^https?:\/\//i.test(text)) {
    try {
      return { kind: 'url', url: new URL(text) };
    } catch {
      throw malformed();
    }
  }
  const name = splitAccountName(text.replace(/^acct:/i, '').replace(/^@/, ''));
  if (!name || /[?#]/.test(name.user + name.host)) throw malformed();
  const { user, host } = name;
  try {
    // The host must be a host: a name, maybe with a port.
    if (new URL(`https://${host}`).host !== host) throw malformed();
  } catch {
    throw malformed();
  }
  return { kind: 'acct', user, host };
}

/**
 * Finds a remote account's actor for a reader who wants to follow it (decision 0090): `@name@host`
 * through the host's WebFinger (RFC 7033), then the actor's document, both through the
 * private-network guard and its timeout. A server asked by name is asked over https; only where
 * private networks are allowed (an operator's own network, tests) is plain http tried after it,
 * since a loopback server has no certificate. 404 when the server says there is no such account,
 * 422 when it cannot be reached or what it answers is not an account.
 */
export class RemoteActorLookup {
  constructor(
    private readonly deps: {
      remote: RemoteDocuments;
      http: GuardedHttpOptions & { userAgent: string };
    },
  ) {}

  async actorAddress(name: RemoteAccountName): Promise<URL> {
    if (name.kind === 'url') return name.url;
    const answer = await this.webFinger(name.user, name.host);
    let jrd: unknown;
    try {
      jrd = JSON.parse(answer.toString('utf8'));
    } catch {
      throw unprocessable(NOT_AN_ACCOUNT_MESSAGE);
    }
    const links = (jrd as { links?: unknown } | null)?.links;
    const self = Array.isArray(links)
      ? (links as { rel?: unknown; type?: unknown; href?: unknown }[]).find(
          (link) =>
            link.rel === 'self' &&
            typeof link.href === 'string' &&
            (link.type === 'application/activity+json' ||
              (typeof link.type === 'string' && link.type.startsWith('application/ld+json'))),
        )
      : undefined;
    try {
      if (typeof self?.href === 'string') return new URL(self.href);
    } catch {
      // Not an address: no account.
    }
    throw unprocessable(NOT_AN_ACCOUNT_MESSAGE);
  }

  /** The actor at an address, read with `loaders` (which go through the guard). */
  async actor(address: URL, loaders: Loaders): Promise<Actor & { id: URL; inboxId: URL }> {
    const vocab = await loadVocab();
    let fetched: Awaited<ReturnType<Loaders['documentLoader']>>;
    try {
      fetched = await loaders.documentLoader(address.href);
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status;
      if (status === 404 || status === 410) throw notFound(NO_SUCH_REMOTE_ACCOUNT_MESSAGE);
      if (status !== undefined) throw unprocessable(NOT_AN_ACCOUNT_MESSAGE);
      throw unprocessable(UNREACHABLE_MESSAGE);
    }
    const object = await vocab.Object.fromJsonLd(fetched.document, loaders).catch(() => null);
    if (!object || !vocab.isActor(object) || object.id === null || object.inboxId === null) {
      throw unprocessable(NOT_AN_ACCOUNT_MESSAGE);
    }
    return object as Actor & { id: URL; inboxId: URL };
  }

  private async webFinger(user: string, host: string): Promise<Buffer> {
    const resource = `acct:${user}@${host}`;
    const ask = (scheme: 'https' | 'http') =>
      guardedRequest(
        {
          method: 'GET',
          url: new URL(`${scheme}://${host}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`),
          headers: {
            accept: 'application/jrd+json, application/json',
            'user-agent': this.deps.http.userAgent,
          },
          maxBytes: MAX_WEBFINGER_BYTES,
          maxRedirects: 3,
        },
        this.deps.http,
      );
    let outcome: GuardedOutcome = await ask('https');
    if (outcome.kind !== 'answered' && this.deps.http.allowPrivateNetworks) outcome = await ask('http');
    if (outcome.kind !== 'answered') throw unprocessable(UNREACHABLE_MESSAGE);
    if (outcome.status === 404 || outcome.status === 410) throw notFound(NO_SUCH_REMOTE_ACCOUNT_MESSAGE);
    if (outcome.status < 200 || outcome.status > 299) throw unprocessable(NOT_AN_ACCOUNT_MESSAGE);
    return outcome.body;
  }
}

const unprocessable = (message: string) => new HttpError(422, message);
