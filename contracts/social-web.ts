import { z } from './zod';

export const SERVER_HOST_MESSAGE = 'Give the server’s name, like mastodon.example';

/**
 * A server's name as the operator types it (decision 0084): `mastodon.example`, with a port if it
 * has one, or any address on it; kept lower-cased as `host` (name and port), the way activities'
 * ids and key ids name it.
 */
export const serverHostSchema = z
  .string({ error: SERVER_HOST_MESSAGE })
  .trim()
  .min(1, SERVER_HOST_MESSAGE)
  .max(300, SERVER_HOST_MESSAGE)
  .transform((value, context) => {
    let host: string;
    try {
      host = new URL(value.includes('://') ? value : `https://${value}`).host.toLowerCase();
    } catch {
      host = '';
    }
    if (host === '' || (!host.includes('.') && !host.includes(':'))) {
      context.addIssue({ code: 'custom', message: SERVER_HOST_MESSAGE });
      return z.NEVER;
    }
    return host;
  });

export const blockServerSchema = z.strictObject({ host: serverHostSchema });
export type BlockServerInput = z.infer<typeof blockServerSchema>;

/** A server the operator blocked: nothing from it is taken, nothing goes to it. */
export interface BlockedServer {
  host: string;
  createdAt: string;
}

/** A writer's answer to a follow request, or removal of a follower: the remote actor's id. */
export const remoteActorQuerySchema = z.strictObject({
  actor: z.url({ error: 'actor must be the remote account’s address' }).max(2048),
});

export const approveFollowersSchema = z.strictObject({
  approveFollowers: z.boolean({ error: 'approveFollowers must be true or false' }),
});

/** A writer's followers on the social web and their requests (decision 0084). */
export interface SocialFollowers {
  /** Follows wait for the writer's answer. */
  approveFollowers: boolean;
  /** Requests first, then followers, newest first. */
  followers: {
    actor: string;
    /** `@user@host`, or null when its server gave no name. */
    handle: string | null;
    name: string | null;
    state: 'accepted' | 'pending';
    since: string;
  }[];
}
