import type { IncomingHttpHeaders } from 'node:http';
import type { KeyCache } from '@fedify/fedify';
import type { Activity, CryptographicKey, Follow, Multikey, Undo } from '@fedify/vocab';
import { actorFacts, type ConversationInbox } from './conversation-inbox';
import { followAnswer } from './follow-answers';
import type { FollowingInbox } from './following-inbox';
import { LRUCache } from 'lru-cache';
import { publicationActorPath, writerActorPath } from '../../../contracts/federation';
import { isUuid } from '../../../contracts/ids';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/http-errors';
import type { RemoteAccountsRepository } from './remote-accounts-repository';
import type { RateLimiter } from '../../lib/rate-limiter';
import { nowIso } from '../../lib/clock';
import type { DeliveriesRepository } from './deliveries-repository';
import { loadFedify, loadVocab } from './fedify';
import type { FollowersRepository } from './followers-repository';
import type { RemoteDocuments } from './remote-documents';
import type { SocialNotices } from './social-notices';
import { spend } from '../users/users-service';

export const NOT_SIGNED_MESSAGE = 'The request is not signed: sign it with HTTP Signatures (draft-cavage-12)';
export const BAD_SIGNATURE_MESSAGE = 'The signature does not check out';
export const KEY_NOT_ACTORS_MESSAGE = "The signature's key is not the activity's actor's";
export const NOT_JSON_MESSAGE = 'The body must be a JSON object';
export const NOT_AN_ACTIVITY_MESSAGE = 'The body is not an ActivityStreams activity';
export const INBOX_FLOOD_MESSAGE = 'Too many activities from your server; try again later';
export const NOT_OURS_MESSAGE = 'No such account here';
export const SERVER_BLOCKED_MESSAGE = 'Your server is blocked here';
export const FOLLOW_BLOCKED_MESSAGE = 'This account blocked you';

/** Mastodon refuses a signature whose Date is more than 12 hours off; so does Inkwell. */
const SIGNATURE_WINDOW_HOURS = 12;
/** Remote keys kept in memory between activities; a failed check fetches the key again anyway. */
const KEY_CACHE_TTL_MS = 60 * 60_000;

type Loaders = ReturnType<RemoteDocuments['forOneActivity']>;

/** Which local actor's inbox an activity was posted to; null for the shared inbox. */
export type InboxOwner = { kind: 'writer' | 'publication'; id: string } | null;

export interface ReceivedPost {
  owner: InboxOwner;
  /** As the request came: its path and query, and its headers (Host included). */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Whether a local actor exists (a writer with a handle, not suspended; a team publication). */
export interface LocalActors {
  exists(actor: { kind: 'writer' | 'publication'; id: string }): Promise<boolean>;
}

/** Headers that describe the connection, not the message: never signed, and refused by Request. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'content-length',
]);

/**
 * What other servers post to the inboxes (decision 70). Nothing is acted on before its HTTP
 * Signature checks out with Fedify's `verifyRequest` (draft-cavage-12 or RFC 9421; `rsa-sha256`
 * and `hs2019`; `(request-target)`, `host`, `date` and `digest` signed; the Digest matching the
 * body; the Date within 12 hours) against the key fetched from its owner through the guard, and
 * the key belongs to the activity's actor. Then Follow makes a follower and queues a signed Accept
 * to its inbox; Undo(Follow) removes it. Accept and Reject answer our readers' Follows, and the
 * accounts they follow post to their timelines (decision 0090). Anything else is accepted and left
 * alone for now.
 */
export class Inbox {
  private readonly keyCache: KeyCache;

  constructor(
    private readonly deps: {
      publicUrl: string;
      remote: RemoteDocuments;
      followers: FollowersRepository;
      deliveries: DeliveriesRepository;
      actors: LocalActors;
      /** Replies, their edits and deletions, and actors gone (decision 0084). */
      conversation: ConversationInbox;
      /** Answers to our readers' Follows, and the posts of the accounts they follow (decision 0090). */
      following: FollowingInbox;
      /** Servers the operator blocked (decision 0084): refused before any work. */
      blockedServers: { isBlocked(host: string): Promise<boolean> };
      /** The accounts standing for remote actors (decision 0084). */
      remoteAccounts: Pick<RemoteAccountsRepository, 'upsert' | 'findByActor'>;
      /** The writer hears of new followers and requests (decision 0084's addendum). */
      notices?: Pick<SocialNotices, 'followed' | 'unfollowed'>;
      /** A writer's blocks: a remote account they blocked may not follow them. */
      writerBlocks: { isBlocked(blockerId: string, blockedId: string): Promise<boolean> };
      /** Activities one server may post per window (RATE_INBOX_PER_SERVER). */
      perServer: RateLimiter;
      /** A delivery was queued: the worker looks at once. */
      wake: () => void;
    },
  ) {
    const keys = new LRUCache<string, { key: CryptographicKey | Multikey | null }>({
      max: 2_000,
      ttl: KEY_CACHE_TTL_MS,
    });
    this.keyCache = {
      get: async (keyId) => keys.get(keyId.href)?.key ?? undefined,
      set: async (keyId, key) => {
        keys.set(keyId.href, { key });
      },
    };
  }

  /** Answers whether what readers see changed (a comment, a like or a boost): cached reads go. */
  async receive(post: ReceivedPost): Promise<boolean> {
    const loaders = this.deps.remote.forOneActivity();
    const keyId = signatureKeyId(post.headers);
    if (keyId === undefined) throw unauthorized(NOT_SIGNED_MESSAGE);
    // A blocked server is refused by the host its key names, before anything is counted or read.
    if (await this.deps.blockedServers.isBlocked(keyId.host)) throw forbidden(SERVER_BLOCKED_MESSAGE);
    // Counted before any work on it, by the server the key says it comes from.
    await spend(this.deps.perServer, keyId.host.toLowerCase(), INBOX_FLOOD_MESSAGE);
    const json = parseJsonObject(post.body);
    let key: CryptographicKey;
    try {
      key = await this.verify(post, loaders);
    } catch (error) {
      if (await this.deletedActor(json, keyId)) return true;
      throw error;
    }
    const { Activity } = await loadVocab();
    let activity: Activity;
    try {
      activity = await Activity.fromJsonLd(json, loaders);
    } catch {
      throw badRequest(NOT_AN_ACTIVITY_MESSAGE);
    }
    const { doesActorOwnKey } = await loadFedify();
    if (activity.actorId === null || !(await doesActorOwnKey(activity, key, loaders))) {
      throw unauthorized(KEY_NOT_ACTORS_MESSAGE);
    }
    if (await this.deps.blockedServers.isBlocked(activity.actorId.host))
      throw forbidden(SERVER_BLOCKED_MESSAGE);
    const { Accept, Announce, Create, Delete, Follow, Like, Reject, Undo, Update } = await loadVocab();
    if (activity instanceof Follow) {
      await this.follow(activity, post.owner, loaders);
      return false;
    }
    if (activity instanceof Undo) return this.undo(activity);
    const { conversation, following } = this.deps;
    // Our readers' Follows answered: the timeline is theirs alone, no cached page shows it.
    if (activity instanceof Accept || activity instanceof Reject) {
      await following.answer(activity, activity instanceof Accept ? 'accept' : 'reject');
      return false;
    }
    // A reply to us is a comment; anything else may be a followed account's post for a timeline.
    if (activity instanceof Create) {
      if (await conversation.create(activity, loaders)) return true;
      await following.create(activity, loaders);
      return false;
    }
    if (activity instanceof Update) {
      if (await conversation.update(activity, loaders)) return true;
      await following.update(activity, loaders);
      return false;
    }
    if (activity instanceof Delete) {
      const actor = activity.actorId?.href;
      const object = activity.objectId?.href;
      if (actor === undefined || object === undefined) return false;
      if (object === actor) {
        await this.actorGone(actor);
        return true;
      }
      await following.delete(object, actor);
      return conversation.delete(object, actor);
    }
    if (activity instanceof Like) return conversation.react(activity, 'like', loaders);
    if (activity instanceof Announce) {
      if (await conversation.react(activity, 'announce', loaders)) return true;
      // A followed account's boost of a post elsewhere is for its followers' timelines here.
      await following.announce(activity, loaders, (host) => this.deps.blockedServers.isBlocked(host));
      return false;
    }
    return false;
  }

  /**
   * An actor's Delete of itself whose signature cannot be checked, since its key went with it
   * (decision 0084). Mastodon answers 202 and does nothing for an actor it does not know
   * (`skip_unknown_actor_activity`) and checks the rest with the key it kept; Inkwell keeps no
   * key, so it believes the Delete only when the actor's own server says the actor is gone (its
   * document answers 404 or 410), and the key was on that server. Answers whether it was such a
   * Delete, dealt with; any other unverified activity stays refused.
   */
  private async deletedActor(json: Record<string, unknown>, keyId: URL): Promise<boolean> {
    const actor = json.actor;
    const object =
      typeof json.object === 'string' ? json.object : (json.object as { id?: unknown } | null)?.id;
    if (json.type !== 'Delete' || typeof actor !== 'string' || object !== actor) return false;
    let origin: string;
    try {
      origin = new URL(actor).origin;
    } catch {
      return false;
    }
    if (origin !== keyId.origin) return false;
    if (!(await this.deps.remote.gone(actor))) return false;
    await this.actorGone(actor);
    return true;
  }

  /** An actor deleted itself: its comments, reactions and follows, and its posts in timelines, go. */
  private async actorGone(actor: string): Promise<void> {
    await this.deps.conversation.actorGone(actor);
    await this.deps.following.actorGone(actor);
  }

  private async verify(post: ReceivedPost, loaders: Loaders): Promise<CryptographicKey> {
    const host =
      typeof post.headers.host === 'string' ? post.headers.host : new URL(this.deps.publicUrl).host;
    let request: Request;
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(post.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      request = new Request(new URL(post.url, `http://${host}`), {
        method: 'POST',
        headers,
        body: new Uint8Array(post.body),
      });
    } catch {
      throw unauthorized(BAD_SIGNATURE_MESSAGE);
    }
    const { verifyRequestDetailed } = await loadFedify();
    let result;
    try {
      result = await verifyRequestDetailed(request, {
        ...loaders,
        keyCache: this.keyCache,
        timeWindow: { hours: SIGNATURE_WINDOW_HOURS },
      });
    } catch {
      // A signature header Fedify cannot even read: as unsigned as none.
      throw unauthorized(BAD_SIGNATURE_MESSAGE);
    }
    if (!result.verified) {
      throw unauthorized(result.reason.type === 'noSignature' ? NOT_SIGNED_MESSAGE : BAD_SIGNATURE_MESSAGE);
    }
    return result.key;
  }

  /** The local actor an address names, if it is one of ours and exists. */
  private async localActor(address: URL | null): Promise<string | undefined> {
    if (address === null || address.origin !== new URL(this.deps.publicUrl).origin) return undefined;
    const match = /^\/ap\/(users|publications)\/([^/]+)$/.exec(address.pathname);
    const id = match?.[2];
    if (!match || id === undefined || !isUuid(id)) return undefined;
    const kind = match[1] === 'users' ? 'writer' : 'publication';
    if (!(await this.deps.actors.exists({ kind, id }))) return undefined;
    return kind === 'writer' ? writerActorPath(id) : publicationActorPath(id);
  }

  private async follow(follow: Follow, owner: InboxOwner, loaders: Loaders): Promise<void> {
    const followed = await this.localActor(follow.objectId);
    if (followed === undefined) throw notFound(NOT_OURS_MESSAGE);
    // A Follow posted to one actor's inbox is about that actor only.
    if (owner !== null) {
      const path = owner.kind === 'writer' ? writerActorPath(owner.id) : publicationActorPath(owner.id);
      if (path !== followed) throw badRequest('This Follow is for another account than this inbox’s');
    }
    if (follow.id === null) throw badRequest('A Follow needs an id, which its Accept names');
    const follower = await follow.getActor(loaders).catch(() => null);
    const { isActor } = await loadVocab();
    if (!follower || !isActor(follower) || follower.id === null || follower.inboxId === null) {
      throw badRequest('The follower’s actor could not be read, or has no inbox');
    }
    const now = nowIso();
    const name = follower.name?.toString() ?? null;
    const username = follower.preferredUsername?.toString();
    // The follower is an account here too (decision 0084): a writer blocks it like any account.
    const account = await this.deps.remoteAccounts.upsert(
      await actorFacts(follower, follower.id, follower.inboxId, loaders),
      now,
    );
    const writer = /^\/ap\/users\/(.+)$/.exec(followed)?.[1];
    if (writer !== undefined && (await this.deps.writerBlocks.isBlocked(writer, account.userId))) {
      throw forbidden(FOLLOW_BLOCKED_MESSAGE);
    }
    // A writer who approves followers by hand (decision 0084) answers later; until then, pending.
    const byHand = writer !== undefined && (await this.deps.followers.approvesFollowers(writer));
    // A Follow sent again (Mastodon repeats one it saw no answer to) is no news.
    const had = await this.deps.followers.stateOf(followed, follower.id.href);
    const state = await this.deps.followers.add({
      actor: followed,
      follower: follower.id.href,
      inbox: follower.inboxId.href,
      sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
      followId: follow.id.href,
      handle: username ? `${username}@${follower.id.host}` : null,
      name: name === null ? null : name.slice(0, 400),
      now,
      state: byHand ? 'pending' : 'accepted',
    });
    if (had === undefined && writer !== undefined) {
      await this.deps.notices?.followed(writer, account.userId, state);
    }
    if (state === 'pending') return;
    await this.deps.deliveries.enqueue(
      [
        await followAnswer('Accept', {
          publicUrl: this.deps.publicUrl,
          followed,
          follower: follower.id.href,
          followId: follow.id.href,
          inbox: follower.inboxId.href,
        }),
      ],
      now,
    );
    this.deps.wake();
  }

  /**
   * Undo(Follow), Undo(Like), Undo(Announce): what it names ends, if its actor is the one undoing
   * it. Answers whether a like or boost went (readers see those).
   */
  private async undo(undo: Undo): Promise<boolean> {
    const { Announce, Follow, Like } = await loadVocab();
    const actor = undo.actorId;
    // Read before getObject, which replaces what the Undo names with what it found.
    const named = undo.objectId?.href;
    if (actor === null || named === undefined) return false;
    // The activity is usually embedded; only its id may come instead, and then nothing is fetched:
    // the stored follow or reaction is found by that id.
    const embedded = await undo
      .getObject({ documentLoader: refuseToFetch, contextLoader: this.deps.remote.contextLoader })
      .catch(() => null);
    if (embedded instanceof Follow) {
      if (embedded.actorId?.href !== actor.href) return false;
      const followed = await this.localActor(embedded.objectId);
      if (followed !== undefined) await this.unfollow(followed, actor.href);
      return false;
    }
    if (embedded instanceof Like || embedded instanceof Announce) {
      if (embedded.actorId?.href !== actor.href) return false;
      if (embedded instanceof Announce && (await this.deps.following.unannounce(actor.href, named))) {
        return false;
      }
      return this.deps.conversation.unreact(embedded, embedded instanceof Like ? 'like' : 'announce');
    }
    const followed = await this.deps.followers.actorFollowedBy(actor.href, named);
    if (followed !== undefined) {
      await this.unfollow(followed, actor.href);
      return false;
    }
    // A boost in timelines here (decision 0094's addendum), named by its id alone.
    if (await this.deps.following.unannounce(actor.href, named)) return false;
    return this.deps.conversation.unreactById(actor.href, named);
  }

  /** Undo(Follow): the follow or request ends, and what its writer was told of it while unread. */
  private async unfollow(followed: string, follower: string): Promise<void> {
    if (!(await this.deps.followers.remove(followed, follower))) return;
    const writer = /^\/ap\/users\/(.+)$/.exec(followed)?.[1];
    const account = writer === undefined ? undefined : await this.deps.remoteAccounts.findByActor(follower);
    if (writer !== undefined && account) await this.deps.notices?.unfollowed(writer, account.userId);
  }
}

/** A loader for objects that must come embedded: anything named only by its address stays unread. */
const refuseToFetch = async (address: string): Promise<never> => {
  throw new Error(`${address} is not fetched here`);
};

/** The keyId a Signature (or RFC 9421 Signature-Input) header names, as a URL; undefined without one. */
function signatureKeyId(headers: IncomingHttpHeaders): URL | undefined {
  const header = headers.signature ?? headers['signature-input'];
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return undefined;
  const match = /keyid="([^"]+)"/i.exec(text);
  if (!match?.[1]) return undefined;
  try {
    return new URL(match[1]);
  } catch {
    return undefined;
  }
}

function parseJsonObject(body: Buffer): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest(NOT_JSON_MESSAGE);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw badRequest(NOT_JSON_MESSAGE);
  return json as Record<string, unknown>;
}
