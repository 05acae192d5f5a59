import type { Insertable, Kysely } from 'kysely';
import type { DatabaseSchema, MediaTable } from '../../db/schema';

/** The media table: which pictures exist, their sizes, and how many bytes each writer stores. */
export class MediaRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async insert(media: Insertable<MediaTable>): Promise<void> {
    await this.db.insertInto('media').values(media).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('media').where('id', '=', id).execute();
  }

  async find(id: string): Promise<{ id: string; widths: string } | undefined> {
    return this.db.selectFrom('media').select(['id', 'widths']).where('id', '=', id).executeTakeFirst();
  }

  /** Bytes a writer stores, summed over the (owner_id, created_at) index. */
  async bytesStoredBy(ownerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('media')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('total'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
}
