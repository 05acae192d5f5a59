import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/**
 * A flush's rows sent to the database as one JSON parameter (decision 0093): one statement per
 * table whatever the batch's size, read back into rows by the database itself (PostgreSQL's
 * jsonb_array_elements, SQLite's json_each). Its text never changes, so PostgreSQL prepares it
 * once a connection (decision 91) and SQLite's statement cache keeps it; rows of many values in
 * chunks made a new text for every chunk's length, a plan each, and the query builder's work for
 * every value.
 */

/** A column of a bulk write: its name, and whether it holds a whole number (text otherwise). */
export interface BulkColumn {
  name: string;
  integer?: boolean;
}

/** What a row whose key is stored already does: adds its counts, sets what `set` says, or nothing. */
export type OnConflict = { add: readonly string[] } | { set: RawBuilder<unknown> } | 'nothing';

export interface BulkUpsert {
  table: string;
  columns: readonly BulkColumn[];
  /** The unique key the rows are written to; no two rows of one call may share it. */
  key: readonly string[];
  onConflict: OnConflict;
  returning?: readonly string[];
}

/** Whether the database is PostgreSQL (else SQLite), from Kysely's adapter. */
export function isPostgres(db: Kysely<DatabaseSchema>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The rows of a JSON array of arrays as a table `r`, one column per element, in the array's order. */
function rowsOf(
  db: Kysely<DatabaseSchema>,
  columns: readonly BulkColumn[],
  json: string,
): RawBuilder<unknown> {
  if (isPostgres(db)) {
    const fields = columns.map((column, n) =>
      column.integer ? sql.raw(`(r.e->>${n})::integer`) : sql.raw(`r.e->>${n}`),
    );
    // Kept in the array's order (its sort is the flush's lock order): `with ordinality`.
    return sql`select ${sql.join(fields)} from jsonb_array_elements(${json}::jsonb) with ordinality as r(e, n) order by r.n`;
  }
  const fields = columns.map((_column, n) => sql.raw(`r.value ->> ${n}`));
  // `where true`: SQLite would read the ON of the ON CONFLICT that follows as a join's.
  return sql`select ${sql.join(fields)} from json_each(${json}) as r where true order by r.key`;
}

/**
 * Writes `rows` (each an array in the order of `columns`) with one statement, in their order.
 * Answers the `returning` columns of the rows written (on `nothing`, of the rows inserted).
 */
export async function upsertRows<R>(
  db: Kysely<DatabaseSchema>,
  spec: BulkUpsert,
  rows: readonly (readonly unknown[])[],
): Promise<R[]> {
  if (rows.length === 0) return [];
  const table = sql.table(spec.table);
  const names = sql.join(spec.columns.map((column) => sql.ref(column.name)));
  const key = sql.join(spec.key.map((name) => sql.ref(name)));
  let conflict: RawBuilder<unknown>;
  if (spec.onConflict === 'nothing') {
    conflict = sql`on conflict (${key}) do nothing`;
  } else if ('add' in spec.onConflict) {
    const sums = spec.onConflict.add.map(
      (name) => sql`${sql.ref(name)} = ${sql.ref(`${spec.table}.${name}`)} + ${sql.ref(`excluded.${name}`)}`,
    );
    conflict = sql`on conflict (${key}) do update set ${sql.join(sums)}`;
  } else {
    conflict = sql`on conflict (${key}) do update set ${spec.onConflict.set}`;
  }
  const returning =
    spec.returning && spec.returning.length > 0
      ? sql`returning ${sql.join(spec.returning.map((name) => sql.ref(name)))}`
      : sql``;
  const source = rowsOf(db, spec.columns, JSON.stringify(rows));
  const result = await sql<R>`insert into ${table} (${names}) ${source} ${conflict} ${returning}`.execute(db);
  return result.rows;
}

/** `column in (…values)` with one JSON parameter, whatever the number of values. */
export function inJsonList(
  db: Kysely<DatabaseSchema>,
  column: string,
  values: readonly string[],
): RawBuilder<SqlBool> {
  const json = JSON.stringify(values);
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} in (select jsonb_array_elements_text(${json}::jsonb))`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${json}))`;
}
