import type { DocumentLoader, RemoteDocument } from '@fedify/fedify';
import { LRUCache } from 'lru-cache';
import { ACTIVITY_STREAMS_LD_MEDIA_TYPE, ACTIVITY_STREAMS_MEDIA_TYPE } from '../../../contracts/federation';
import { guardedRequest, type GuardedHttpOptions } from '../../lib/guarded-http';
import { loadFedify } from './fedify';

/** An actor document, a key or a JSON-LD context is a few KB; more is not one. */
const MAX_DOCUMENT_BYTES = 1024 * 1024;
/** Mastodon's actor addresses redirect at most once or twice; more is a loop or a trick. */
const MAX_REDIRECTS = 3;
/** Remote contexts (Pleroma's litepub, for one) change with software releases, not by the minute. */
const CONTEXT_TTL_MS = 24 * 60 * 60_000;

export interface RemoteDocumentsOptions extends GuardedHttpOptions {
  /** `Inkwell/<version> (+PUBLIC_URL)`: some servers refuse requests without one. */
  userAgent: string;
}

/**
 * Fedify's document and context loaders, made of ours: every fetch of another server's actor, key
 * or context goes through the private-network guard (server/lib/guarded-http.ts) with a timeout and
 * a size limit; the JSON-LD contexts Fedify ships (ActivityStreams, security, Mastodon's) are never
 * fetched. Fedify's built-in loader looks the name up and then lets `fetch` look it up again, and
 * would not honour FEDERATION_ALLOW_PRIVATE_NETWORKS (decision 70).
 */
export class RemoteDocuments {
  private readonly contexts = new LRUCache<string, RemoteDocument>({ max: 100, ttl: CONTEXT_TTL_MS });

  constructor(private readonly options: RemoteDocumentsOptions) {}

  /**
   * Loaders for the handling of one activity: each actor or key is fetched once for it (the key's
   * fetch serves the follower's), and never kept beyond it, so a key that changed is seen the next
   * time (Fedify's own key cache, with its check again on failure, is what keeps keys).
   */
  forOneActivity(): { documentLoader: DocumentLoader; contextLoader: DocumentLoader } {
    const fetched = new Map<string, Promise<RemoteDocument>>();
    const documentLoader: DocumentLoader = async (address) => {
      const preloaded = await this.preloaded(address);
      if (preloaded) return preloaded;
      const key = withoutFragment(address);
      let document = fetched.get(key);
      if (!document) {
        document = this.fetch(key, `${ACTIVITY_STREAMS_MEDIA_TYPE}, ${ACTIVITY_STREAMS_LD_MEDIA_TYPE}`);
        fetched.set(key, document);
      }
      return document;
    };
    return { documentLoader, contextLoader: this.contextLoader };
  }

  /** For the contexts a document names: the preloaded ones, else fetched once a day. */
  readonly contextLoader: DocumentLoader = async (address) => {
    const preloaded = await this.preloaded(address);
    if (preloaded) return preloaded;
    const key = withoutFragment(address);
    const cached = this.contexts.get(key);
    if (cached) return cached;
    const document = await this.fetch(key, 'application/ld+json, application/json');
    this.contexts.set(key, document);
    return document;
  };

  /**
   * Whether an actor's document is gone: it answers 404 or 410 (decision 0084). Anything else (a
   * server down, a timeout, a refused address) is not proof, and answers false.
   */
  async gone(address: string): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return false;
    }
    const outcome = await guardedRequest(
      {
        method: 'GET',
        url,
        headers: { accept: ACTIVITY_STREAMS_MEDIA_TYPE, 'user-agent': this.options.userAgent },
        maxBytes: MAX_DOCUMENT_BYTES,
        maxRedirects: MAX_REDIRECTS,
      },
      this.options,
    );
    return outcome.kind === 'answered' && (outcome.status === 404 || outcome.status === 410);
  }

  private async preloaded(address: string): Promise<RemoteDocument | undefined> {
    const { preloadedContexts } = await loadFedify();
    const document: unknown = preloadedContexts[address];
    return document === undefined ? undefined : { contextUrl: null, documentUrl: address, document };
  }

  private async fetch(address: string, accept: string): Promise<RemoteDocument> {
    const { FetchError } = await loadFedify();
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new FetchError(address, `${address} is not an address`);
    }
    const outcome = await guardedRequest(
      {
        method: 'GET',
        url,
        headers: { accept, 'user-agent': this.options.userAgent },
        maxBytes: MAX_DOCUMENT_BYTES,
        maxRedirects: MAX_REDIRECTS,
      },
      this.options,
    );
    if (outcome.kind !== 'answered') throw new FetchError(url, `${url.href}: ${outcome.error}`);
    if (outcome.status < 200 || outcome.status > 299) {
      // The status travels with the error: Fedify tells a gone key (410) from a server that is down.
      throw new FetchError(
        url,
        `${url.href} answered ${outcome.status}`,
        new Response(null, { status: outcome.status }),
      );
    }
    let document: unknown;
    try {
      document = JSON.parse(outcome.body.toString('utf8'));
    } catch {
      throw new FetchError(url, `${url.href} did not answer JSON`);
    }
    if (typeof document !== 'object' || document === null)
      throw new FetchError(url, `${url.href} did not answer a JSON object`);
    return { contextUrl: null, documentUrl: outcome.url.href, document };
  }
}

function withoutFragment(address: string): string {
  const hash = address.indexOf('#');
  return hash < 0 ? address : address.slice(0, hash);
}
