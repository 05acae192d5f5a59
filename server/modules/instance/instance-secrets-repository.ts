import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { nowIso } from '../../lib/clock';

/** The only place that reads and writes the instance_secrets table. */
export class InstanceSecretsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The secret stored under `name`, storing `candidate` first if there is none. Instances starting
   * together may all offer a candidate: the primary key lets exactly one in, and each reads back
   * the one that won.
   */
  async findOrCreate(name: string, candidate: string): Promise<string> {
    await this.db
      .insertInto('instance_secrets')
      .values({ name, value: candidate, created_at: nowIso() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('instance_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
