import { createHash, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the fake server's inboxes received, as it came. */
export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RemoteAccount {
  username: string;
  id: string;
  keyId: string;
  inbox: string;
  privateKey: KeyObject;
  publicKeyPem: string;
  /** Whether its actor names the server's shared inbox (some servers have none). */
  sharedInbox: boolean;
}

/** What a test may change about one signed request, to see it refused. */
export interface SigningTweaks {
  /** Sign with this key instead of the account's own (the keyId still names the account's). */
  privateKey?: KeyObject;
  /** The Date header, signed as given. */
  date?: Date;
  /** The body sent, after the signature was made over `activity`. */
  sentBody?: string;
  /** Mastodon signs `hs2019`; older software `rsa-sha256`. */
  algorithm?: 'hs2019' | 'rsa-sha256';
}

/**
 * A remote Mastodon server on 127.0.0.1 for tests: its own accounts, each with its own RSA key
 * pair and actor document (served as Mastodon serves them), inboxes that keep what they receive,
 * and requests signed by hand the way Mastodon signs them (draft-cavage-12: `hs2019`,
 * `(request-target) host date digest`, `Digest: SHA-256=`), so Inkwell is checked against the
 * protocol rather than against the library it uses.
 */
export class FakeMastodon {
  readonly received: Delivery[] = [];
  /** How the inboxes answer: 202 unless a test says otherwise (a server that is down: 503). */
  inboxStatus = 202;
  private readonly accounts = new Map<string, RemoteAccount>();
  /** Other documents it serves (a status, a collection), by their path. */
  private readonly documents = new Map<string, Record<string, unknown>>();
  private server: Server | undefined;

  static async start(): Promise<FakeMastodon> {
    const fake = new FakeMastodon();
    await fake.listen();
    return fake;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  account(username: string, options: { sharedInbox?: boolean } = {}): RemoteAccount {
    const existing = this.accounts.get(username);
    if (existing) return existing;
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const id = `${this.origin}/users/${username}`;
    const account = {
      username,
      id,
      keyId: `${id}#main-key`,
      inbox: `${id}/inbox`,
      privateKey,
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      sharedInbox: options.sharedInbox ?? true,
    };
    this.accounts.set(username, account);
    return account;
  }

  /** Gives the account a new key pair, as a server does after a key leaked; its actor shows the new key. */
  rotateKey(account: RemoteAccount): RemoteAccount {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rotated = {
      ...account,
      privateKey,
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
    this.accounts.set(account.username, rotated);
    return rotated;
  }

  /** Deletes the account: its actor document answers 404 from now on, as a deleted account's does. */
  /** Serves `document` at its own id, as Mastodon serves a status to whoever fetches it. */
  serve(document: Record<string, unknown> & { id: string }): void {
    this.documents.set(new URL(document.id).pathname, document);
  }

  remove(account: RemoteAccount): void {
    this.accounts.delete(account.username);
  }

  /** The actor document, as Mastodon 4 answers it (its context trimmed to what matters). */
  actorDocument(account: RemoteAccount): Record<string, unknown> {
    return {
      '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
      id: account.id,
      type: 'Person',
      preferredUsername: account.username,
      name: `${account.username} on Mastodon`,
      url: `${this.origin}/@${account.username}`,
      icon: { type: 'Image', mediaType: 'image/png', url: `https://files.example/${account.username}.png` },
      inbox: account.inbox,
      outbox: `${account.id}/outbox`,
      followers: `${account.id}/followers`,
      following: `${account.id}/following`,
      ...(account.sharedInbox ? { endpoints: { sharedInbox: `${this.origin}/inbox` } } : {}),
      publicKey: { id: account.keyId, owner: account.id, publicKeyPem: account.publicKeyPem },
    };
  }

  /**
   * Headers for POSTing `body` to `url` signed as Mastodon signs: the signature covers the
   * request target, Host, Date and Digest.
   */
  sign(account: RemoteAccount, url: URL, body: string, tweaks: SigningTweaks = {}): Record<string, string> {
    const date = (tweaks.date ?? new Date()).toUTCString();
    const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
    const signed = `(request-target): post ${url.pathname}\nhost: ${url.host}\ndate: ${date}\ndigest: ${digest}`;
    const signature = sign('sha256', Buffer.from(signed), tweaks.privateKey ?? account.privateKey).toString(
      'base64',
    );
    return {
      host: url.host,
      date,
      digest,
      'content-type': 'application/activity+json',
      signature: `keyId="${account.keyId}",algorithm="${tweaks.algorithm ?? 'hs2019'}",headers="(request-target) host date digest",signature="${signature}"`,
    };
  }

  /**
   * Checks a delivery's signature the way Mastodon does: the named headers rebuilt into the signing
   * string, checked with `publicKeyPem` (the sender's actor's key), the Digest against the body, and
   * the Date within 12 hours. Answers what is wrong, or undefined.
   */
  static signatureProblem(delivery: Delivery, publicKeyPem: string): string | undefined {
    const header = delivery.headers.signature;
    if (typeof header !== 'string') return 'no Signature header';
    const fields = Object.fromEntries(
      [...header.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
    );
    const names = (fields.headers ?? '').split(' ');
    for (const required of ['(request-target)', 'host', 'date', 'digest']) {
      if (!names.includes(required)) return `${required} is not signed`;
    }
    const signingString = names
      .map((name) =>
        name === '(request-target)'
          ? `(request-target): post ${delivery.path}`
          : `${name}: ${String(delivery.headers[name])}`,
      )
      .join('\n');
    if (
      !verify(
        'sha256',
        Buffer.from(signingString),
        publicKeyPem,
        Buffer.from(fields.signature ?? '', 'base64'),
      )
    ) {
      return 'the signature does not verify';
    }
    const digest = `SHA-256=${createHash('sha256').update(delivery.body).digest('base64')}`;
    if (delivery.headers.digest !== digest) return 'the Digest is not the body’s';
    const age = Math.abs(Date.now() - Date.parse(String(delivery.headers.date)));
    if (!(age < 12 * 3_600_000)) return 'the Date is too far off';
    return undefined;
  }

  /** The first delivery `matches` accepts, once it has come (or fails after `timeoutMs`). */
  async waitForDelivery(matches: (delivery: Delivery) => boolean, timeoutMs = 10_000): Promise<Delivery> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(matches);
      if (found) return found;
      if (Date.now() > until) throw new Error('the delivery did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async listen(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        if (request.method === 'POST') {
          if (this.inboxStatus >= 200 && this.inboxStatus < 300) {
            this.received.push({
              path,
              headers: request.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          }
          response.writeHead(this.inboxStatus).end();
          return;
        }
        // WebFinger (RFC 7033), as Mastodon answers it: the account's actor by `acct:user@host`.
        const webFinger = new URL(path, this.origin);
        if (webFinger.pathname === '/.well-known/webfinger') {
          const resource = webFinger.searchParams.get('resource') ?? '';
          const named = [...this.accounts.values()].find(
            (candidate) => resource === `acct:${candidate.username}@${new URL(this.origin).host}`,
          );
          if (!named) {
            response.writeHead(404).end();
            return;
          }
          response.writeHead(200, { 'content-type': 'application/jrd+json; charset=utf-8' }).end(
            JSON.stringify({
              subject: resource,
              links: [{ rel: 'self', type: 'application/activity+json', href: named.id }],
            }),
          );
          return;
        }
        const served = this.documents.get(path);
        if (served) {
          response
            .writeHead(200, { 'content-type': 'application/activity+json; charset=utf-8' })
            .end(JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...served }));
          return;
        }
        const account = [...this.accounts.values()].find(
          (candidate) => new URL(candidate.id).pathname === path,
        );
        if (!account) {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Record not found"}');
          return;
        }
        response
          .writeHead(200, { 'content-type': 'application/activity+json; charset=utf-8' })
          .end(JSON.stringify(this.actorDocument(account)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
  }
}
