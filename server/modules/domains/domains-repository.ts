import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, PublicationDomainsTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

export type DomainRow = Selectable<PublicationDomainsTable>;

/** The only place that reads and writes publications' custom domains (publication_domains). */
export class DomainsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  domainOf(publicationId: string): Promise<DomainRow | undefined> {
    return this.db
      .selectFrom('publication_domains')
      .selectAll()
      .where('publication_id', '=', publicationId)
      .executeTakeFirst();
  }

  findDomain(domain: string): Promise<DomainRow | undefined> {
    return this.db
      .selectFrom('publication_domains')
      .selectAll()
      .where('domain', '=', domain)
      .executeTakeFirst();
  }

  /** A publication has one custom domain: claiming another replaces it. */
  async claimDomain(row: DomainRow): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx.deleteFrom('publication_domains').where('publication_id', '=', row.publication_id).execute();
      await trx.insertInto('publication_domains').values(row).execute();
    });
  }

  async setDomainState(
    domain: string,
    state: DomainRow['state'],
    failure: string | null,
    checkedAt: string,
  ): Promise<void> {
    await this.db
      .updateTable('publication_domains')
      .set({ state, failure, checked_at: checkedAt })
      .where('domain', '=', domain)
      .execute();
  }

  /**
   * Domains the periodic re-check should look at: never checked, or last checked before `due`;
   * the longest-waiting first. A plain scan: one row per publication with a domain.
   */
  dueDomains(due: string, limit: number): Promise<DomainRow[]> {
    return this.db
      .selectFrom('publication_domains')
      .selectAll()
      .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', due)]))
      .orderBy(sql`coalesce(checked_at, '')`)
      .orderBy('domain')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a due domain's check for this instance by moving its `checked_at` to `now`, only if it
   * is still due: of several instances that saw it due, exactly one changes the row, and only that
   * one asks DNS.
   */
  async claimDomainCheck(domain: string, due: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('publication_domains')
      .set({ checked_at: now })
      .where('domain', '=', domain)
      .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', due)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * A periodic check's outcome, written only if the row is still the claim that was checked
   * (same token, same state): a domain removed and claimed again, or checked by its owner in the
   * meantime, keeps the newer answer.
   */
  async recordDomainCheck(
    checked: Pick<DomainRow, 'domain' | 'token' | 'state'>,
    state: DomainRow['state'],
    failure: string | null,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('publication_domains')
      .set({ state, failure })
      .where('domain', '=', checked.domain)
      .where('token', '=', checked.token)
      .where('state', '=', checked.state)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteDomain(publicationId: string): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('publication_domains')
      .where('publication_id', '=', publicationId)
      .returning('domain')
      .executeTakeFirst();
    return deleted !== undefined;
  }

  /** Every verified custom domain and the address of its publication, for the host router. */
  async verifiedDomains(): Promise<{ domain: string; slug: string }[]> {
    return this.db
      .selectFrom('publication_domains')
      .innerJoin('publications', 'publications.id', 'publication_domains.publication_id')
      .select(['publication_domains.domain', 'publications.slug'])
      .where('publication_domains.state', '=', 'verified')
      .execute();
  }
}
