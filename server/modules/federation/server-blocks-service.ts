import type { BlockedServer } from '../../../contracts/social-web';
import { nowIso } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import type { BlockedServersRepository } from './blocked-servers-repository';

export const SERVER_NOT_BLOCKED_MESSAGE = 'That server is not blocked';

/**
 * The operator's block of a whole server (decision 0084), Mastodon's "domain block" with its
 * `suspend` severity: the inboxes refuse everything from it (403, by the signature's key's host,
 * before any work), its followers and its likes and boosts go, deliveries to it stop. Its comments
 * already here stay, for the operator's ordinary moderation (its accounts are listed with the rest).
 */
export class ServerBlocksService {
  constructor(private readonly servers: BlockedServersRepository) {}

  list(): Promise<BlockedServer[]> {
    return this.servers.list();
  }

  async block(host: string): Promise<void> {
    await this.servers.block(host, nowIso());
  }

  async unblock(host: string): Promise<void> {
    if (!(await this.servers.unblock(host))) throw notFound(SERVER_NOT_BLOCKED_MESSAGE);
  }
}
