/**
 * The social web's addresses (ActivityPub, docs/decisions/0070-activitypub-on-fedify-parts.md),
 * shared by the server, which answers them, and the pages, whose head links to them. Actors and
 * objects are named by ids, never by handles or slugs: a handle can change (decision 51), and a
 * remote server keeps an actor's id for ever.
 */

/** The media type ActivityPub servers ask for and answer with. */
export const ACTIVITY_STREAMS_MEDIA_TYPE = 'application/activity+json';

/** The other name ActivityPub gives the same thing: JSON-LD with the ActivityStreams profile. */
export const ACTIVITY_STREAMS_LD_MEDIA_TYPE =
  'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/** Everything under this path is for other servers: actors, objects, inboxes and collections. */
export const FEDERATION_PREFIX = '/ap';

/** A writer's actor (a Person). Its id is the account's, which a personal blog shares. */
export const writerActorPath = (userId: string) => `${FEDERATION_PREFIX}/users/${encodeURIComponent(userId)}`;

/** A team publication's actor (a Group). */
export const publicationActorPath = (publicationId: string) =>
  `${FEDERATION_PREFIX}/publications/${encodeURIComponent(publicationId)}`;

/** A post as an Article. */
export const postObjectPath = (postId: string) => `${FEDERATION_PREFIX}/posts/${encodeURIComponent(postId)}`;

/** A comment written here and sent to the social web as a Note (decision 0084): its id. */
export const commentObjectPath = (commentId: string) =>
  `${FEDERATION_PREFIX}/comments/${encodeURIComponent(commentId)}`;

/** A reader's reply to a post on another server, sent as a Note (decision 0094): its id. */
export const timelineReplyObjectPath = (replyId: string) =>
  `${FEDERATION_PREFIX}/notes/${encodeURIComponent(replyId)}`;

/** The inbox every actor shares (Mastodon delivers one copy per server to it). */
export const SHARED_INBOX_PATH = `${FEDERATION_PREFIX}/inbox`;

export type ActorCollection = 'inbox' | 'outbox' | 'followers' | 'following';

export const actorCollectionPath = (actorPath: string, collection: ActorCollection) =>
  `${actorPath}/${collection}`;

/** WebFinger (RFC 7033) and NodeInfo's discovery document. */
export const WEBFINGER_PATH = '/.well-known/webfinger';
export const NODEINFO_DISCOVERY_PATH = '/.well-known/nodeinfo';
export const NODEINFO_PATH = '/nodeinfo/2.1';
export const NODEINFO_SCHEMA = 'http://nodeinfo.diaspora.software/ns/schema/2.1';

/**
 * An account's name on the social web, `user@host` (what follows `acct:`, or a typed
 * `@user@host`): split at its last `@`, the host in lower case; undefined when either part is
 * empty or holds a space, a slash or another `@`. WebFinger's answer here and the lookup of a
 * remote account read names by this one rule.
 */
export function splitAccountName(account: string): { user: string; host: string } | undefined {
  const at = account.lastIndexOf('@');
  const user = account.slice(0, at);
  const host = account.slice(at + 1).toLowerCase();
  if (at <= 0 || host === '' || /[\s/@]/.test(user) || /[\s/@]/.test(host)) return undefined;
  return { user, host };
}
