import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { nowIso } from '../../lib/clock';

export interface StoredKeyPair {
  public_key_pem: string;
  private_key_sealed: string;
}

/** The only place that reads and writes actor_keys. */
export class ActorKeysRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  find(actor: string): Promise<StoredKeyPair | undefined> {
    return this.db
      .selectFrom('actor_keys')
      .select(['public_key_pem', 'private_key_sealed'])
      .where('actor', '=', actor)
      .executeTakeFirst();
  }

  /**
   * Keeps `candidate` unless the actor already has a pair, and answers the pair that is kept:
   * requests (or instances) making an actor's first pair together all offer one, the primary key
   * lets exactly one in, and all of them use it.
   */
  async findOrCreate(actor: string, candidate: StoredKeyPair): Promise<StoredKeyPair> {
    await this.db
      .insertInto('actor_keys')
      .values({ actor, ...candidate, created_at: nowIso() })
      .onConflict((conflict) => conflict.column('actor').doNothing())
      .execute();
    const kept = await this.find(actor);
    if (!kept) throw new Error(`actor_keys lost the row of ${actor}`);
    return kept;
  }

  /** Puts a new pair in place of one that can no longer be opened (`unreadable`), unless another did first. */
  async replace(actor: string, unreadable: string, replacement: StoredKeyPair): Promise<StoredKeyPair> {
    await this.db
      .updateTable('actor_keys')
      .set({ ...replacement, created_at: nowIso() })
      .where('actor', '=', actor)
      .where('private_key_sealed', '=', unreadable)
      .execute();
    const kept = await this.find(actor);
    if (!kept) throw new Error(`actor_keys lost the row of ${actor}`);
    return kept;
  }
}
