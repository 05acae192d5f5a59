import { expect } from 'vitest';
import type { Comment } from '../../../contracts/comments';
import type { Post } from '../../../contracts/posts';
import { uuidv7 } from '../../../server/lib/ids';
import { FakeMastodon, type Delivery, type RemoteAccount, type SigningTweaks } from './fake-mastodon';
import { request, testConfig, type ApiContext, type TestUser } from './harness';

/** What the social web's tests share: activities as Mastodon writes them, signed as it signs. */
export const AS = 'https://www.w3.org/ns/activitystreams';
export const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
export type Json = Record<string, unknown>;

/**
 * The federation settings of a server that talks to a fake Mastodon: it is on 127.0.0.1, the
 * explicit allowance tests need (as webhooks' tests have), and deliveries are polled and retried fast.
 */
export const federationForTests = {
  ...testConfig().federation,
  allowPrivateNetworks: true,
  pollIntervalMs: 50,
  backoffBaseMs: 20,
  backoffMaxMs: 40,
};

/** POSTs `activity` to the shared inbox at `publicUrl`, signed by `account` as Mastodon signs. */
export async function deliver(
  ctx: ApiContext,
  server: FakeMastodon,
  publicUrl: string,
  account: RemoteAccount,
  activity: Json,
  tweaks: SigningTweaks = {},
) {
  const body = JSON.stringify(activity);
  const headers = server.sign(account, new URL(`${publicUrl}/ap/inbox`), body, tweaks);
  return request<Json>(ctx, { method: 'POST', url: '/ap/inbox', headers, payload: body });
}

/** A Mastodon post: a public Note (answering `inReplyTo` when given), in a Create. */
export function noteOf(server: FakeMastodon, account: RemoteAccount, html: string, inReplyTo?: string) {
  const id = `${account.id}/statuses/${uuidv7()}`;
  const note = {
    id,
    type: 'Note',
    attributedTo: account.id,
    ...(inReplyTo === undefined ? {} : { inReplyTo }),
    content: html,
    url: `${server.origin}/@${account.username}/${id.split('/').pop()}`,
    published: new Date().toISOString(),
    to: [PUBLIC],
  };
  const create = {
    '@context': AS,
    id: `${id}/activity`,
    type: 'Create',
    actor: account.id,
    to: [PUBLIC],
    object: note,
  };
  return { note, create };
}

/** A Mastodon reply: a Note with `inReplyTo`, in a Create. */
export function replyOf(server: FakeMastodon, account: RemoteAccount, inReplyTo: string, html: string) {
  return noteOf(server, account, html, inReplyTo);
}

export const followOf = (account: RemoteAccount, object: string) => ({
  '@context': AS,
  id: `${account.id}#follows/${uuidv7()}`,
  type: 'Follow',
  actor: account.id,
  object,
});

export const reactionOf = (account: RemoteAccount, type: 'Like' | 'Announce', object: string) => ({
  '@context': AS,
  id: `${account.id}#${type.toLowerCase()}s/${uuidv7()}`,
  type,
  actor: account.id,
  object,
  ...(type === 'Announce' ? { to: [PUBLIC] } : {}),
});

export const undoOf = (account: RemoteAccount, object: Json | string) => ({
  '@context': AS,
  id: `${account.id}#undo/${uuidv7()}`,
  type: 'Undo',
  actor: account.id,
  object,
});

export async function write(
  ctx: ApiContext,
  author: TestUser,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<Post> {
  const answer = await request<{ response: Post }>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: author.token,
    payload: { title, content: 'Some words worth answering.', ...extra },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.response;
}

/** The comment a remote Note became, among a discussion's comments and their replies. */
export const byNote = (comments: Comment[], noteId: string) =>
  [...comments, ...comments.flatMap((comment) => comment.replies ?? [])].find(
    (comment) => comment.remote?.url?.endsWith(noteId.split('/').pop() ?? '') === true,
  );

/** The public key a local actor's document publishes. */
export async function publicKeyOf(ctx: ApiContext, actorPath: string): Promise<string> {
  const actor = await request<{ publicKey: { publicKeyPem: string } }>(ctx, {
    method: 'GET',
    url: actorPath,
    headers: { accept: 'application/activity+json' },
  });
  expect(actor.status).toBe(200);
  return actor.body.publicKey.publicKeyPem;
}

/** The delivery's activity, checked to be signed as Mastodon checks it by the actor at `actorPath`. */
export async function signedActivity(ctx: ApiContext, delivery: Delivery, actorPath: string): Promise<Json> {
  expect(FakeMastodon.signatureProblem(delivery, await publicKeyOf(ctx, actorPath))).toBeUndefined();
  return JSON.parse(delivery.body) as Json;
}
