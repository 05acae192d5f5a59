import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DatabaseSchema, PublicationPagesTable } from '../../db/schema';

export type PageRow = Selectable<PublicationPagesTable>;

/** The only place that reads and writes publications' pages (decision 83). */
export class PublicationPagesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** A publication's pages, by title; at most `limit` (the service bounds how many there can be). */
  list(publicationId: string, limit: number): Promise<PageRow[]> {
    return this.db
      .selectFrom('publication_pages')
      .selectAll()
      .where('publication_id', '=', publicationId)
      .orderBy('title')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Its published pages, the site's sitemap and navigation read these: address and time only. */
  published(publicationId: string, limit: number): Promise<Pick<PageRow, 'slug' | 'title' | 'updated_at'>[]> {
    return this.db
      .selectFrom('publication_pages')
      .select(['slug', 'title', 'updated_at'])
      .where('publication_id', '=', publicationId)
      .where('status', '=', 'published')
      .orderBy('slug')
      .limit(limit)
      .execute();
  }

  async count(publicationId: string): Promise<number> {
    const row = await this.db
      .selectFrom('publication_pages')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('publication_id', '=', publicationId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  findById(publicationId: string, id: string): Promise<PageRow | undefined> {
    return this.db
      .selectFrom('publication_pages')
      .selectAll()
      .where('publication_id', '=', publicationId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findBySlug(publicationId: string, slug: string): Promise<PageRow | undefined> {
    return this.db
      .selectFrom('publication_pages')
      .selectAll()
      .where('publication_id', '=', publicationId)
      .where('slug', '=', slug)
      .executeTakeFirst();
  }

  /** Throws DuplicateKey when the publication already has a page at the address. */
  async insert(row: Insertable<PublicationPagesTable>): Promise<void> {
    await this.db.insertInto('publication_pages').values(row).execute();
  }

  /** Throws DuplicateKey when another page of the publication has the address. */
  async update(id: string, changes: Updateable<PublicationPagesTable>): Promise<void> {
    await this.db.updateTable('publication_pages').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('publication_pages').where('id', '=', id).execute();
  }
}
