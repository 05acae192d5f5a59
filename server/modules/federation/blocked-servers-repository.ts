import type { Kysely } from 'kysely';
import type { BlockedServer } from '../../../contracts/social-web';
import type { DatabaseSchema } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

/** Addresses on a host, whichever scheme: what a LIKE on an actor id or inbox matches. */
const onHost = (host: string) => [`http://${host}/%`, `https://${host}/%`];

/**
 * The only place that reads and writes federation_blocked_servers (decision 0084), and that clears
 * what a blocked server had here: its followers, its likes and boosts, the deliveries queued to it.
 */
export class BlockedServersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async isBlocked(host: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('federation_blocked_servers')
      .select('host')
      .where('host', '=', host.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(): Promise<BlockedServer[]> {
    const rows = await this.db
      .selectFrom('federation_blocked_servers')
      .select(['host', 'created_at'])
      .orderBy('host')
      .execute();
    return rows.map((row) => ({ host: row.host, createdAt: row.created_at }));
  }

  /** Blocks the host and, in the same transaction, clears what it had here. */
  async block(host: string, now: string): Promise<void> {
    const [plain, secure] = onHost(host);
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('federation_blocked_servers')
        .values({ host, created_at: now })
        .onConflict((conflict) => conflict.column('host').doNothing())
        .execute();
      await trx
        .deleteFrom('federation_followers')
        .where((eb) => eb.or([eb('follower', 'like', plain ?? ''), eb('follower', 'like', secure ?? '')]))
        .execute();
      await trx
        .deleteFrom('federation_reactions')
        .where((eb) => eb.or([eb('actor_id', 'like', plain ?? ''), eb('actor_id', 'like', secure ?? '')]))
        .execute();
      // Nothing more goes there: what waits is given up, as a refused address is.
      await trx
        .updateTable('federation_deliveries')
        .set({ state: 'failed', last_error: `${host} is blocked here`, locked_until: null, updated_at: now })
        .where('state', '=', 'pending')
        .where((eb) => eb.or([eb('inbox', 'like', plain ?? ''), eb('inbox', 'like', secure ?? '')]))
        .execute();
    });
  }

  async unblock(host: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('federation_blocked_servers')
      .where('host', '=', host)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
