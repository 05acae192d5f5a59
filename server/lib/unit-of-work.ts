/**
 * How a service reaches storage: through its repositories only, and, for work that must commit or
 * fail as one (a favorite and the author's notification), through `run`, which hands it the same
 * repositories bound to one transaction. The database layer builds it (db/transaction.ts), so a
 * service knows neither Kysely nor which database it runs on.
 */
export interface UnitOfWork<Repositories> {
  /** The repositories outside any transaction: reads, and writes that stand alone. */
  readonly repositories: Repositories;
  /**
   * Runs `work` in one transaction. It may run again from the start when the database breaks a
   * deadlock against it (docs/decisions/0050-lock-order-and-transaction-retries.md), so it must
   * touch nothing outside its repositories that a second run would do twice.
   */
  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
}
