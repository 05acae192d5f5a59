import type { Kysely, Transaction } from 'kysely';
import type { ApiKeysTable, DatabaseSchema } from '../../db/schema';

const LISTED = ['id', 'name', 'scope', 'hint', 'created_at', 'expires_at', 'last_used_at'] as const;
export type ApiKeyRow = Pick<ApiKeysTable, (typeof LISTED)[number]>;

/** The api_keys table: keys by owner for Settings, and by hash for every request that carries one. */
export class ApiKeysRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async insert(row: ApiKeysTable): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  listByUser(userId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .select(LISTED)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  async countByUser(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Deletes the key if it is this user's; false when there was no such key of theirs. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('api_keys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * The key and its owner, read fresh on every request so a revocation holds at once everywhere.
   * A key of an account that cannot sign in (no password: a deleted account kept as a former
   * member, the demo author) is as unknown as a revoked one, in the same query.
   */
  findByHash(tokenHash: string) {
    return this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select([
        'api_keys.id',
        'api_keys.scope',
        'api_keys.expires_at',
        'api_keys.last_used_at',
        'users.id as user_id',
        'users.username',
        'users.suspended_at',
      ])
      .where('api_keys.token_hash', '=', tokenHash)
      .where('users.password_hash', 'is not', null)
      .executeTakeFirst();
  }

  /** Records a use unless one was recorded since `since`, so racing instances write it once. */
  async touch(id: string, now: string, since: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
      .execute();
  }
}

/** Every key of the account, inside its deletion's transaction (accounts-repository.ts). */
export async function removeApiKeysOf(trx: Transaction<DatabaseSchema>, userId: string): Promise<void> {
  await trx.deleteFrom('api_keys').where('user_id', '=', userId).execute();
}
