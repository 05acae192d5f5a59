import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A post's comment and favorite counts become columns, kept by the database in the same
 * transaction as every insert and delete of a comment or a favorite, whichever path writes it
 * (a route, an account's deletion cascading, a restore). Every list of posts read them with three
 * correlated counts per row before; now they are two plain columns. The counts are of rows, as
 * before: a deleted comment kept for its replies still counts. `npm run repair-counts` sets them
 * from the rows again (server/db/post-counters.ts). See docs/decisions/0036-post-counters.md.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('comment_count', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('favorite_count', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`update posts set
    comment_count = (select count(*) from comments where comments.post_id = posts.id),
    favorite_count = (select count(*) from favorites where favorites.post_id = posts.id)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await triggersPostgres(db);
  else await triggersSqlite(db);
}

const COUNTED = [
  { table: 'comments', column: 'comment_count' },
  { table: 'favorites', column: 'favorite_count' },
] as const;

/** A row's post never changes today; the update triggers keep the counts right if one ever does. */
async function triggersSqlite(db: Kysely<any>): Promise<void> {
  for (const { table, column } of COUNTED) {
    const name = (suffix: string) => sql.raw(`${table}_count_${suffix}`);
    const counted = sql.raw(column);
    await sql`create trigger ${name('insert')} after insert on ${sql.table(table)} begin
      update posts set ${counted} = ${counted} + 1 where id = new.post_id;
    end`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.table(table)} begin
      update posts set ${counted} = ${counted} - 1 where id = old.post_id;
    end`.execute(db);
    await sql`create trigger ${name('move')} after update of post_id on ${sql.table(table)}
      when old.post_id is not new.post_id begin
      update posts set ${counted} = ${counted} - 1 where id = old.post_id;
      update posts set ${counted} = ${counted} + 1 where id = new.post_id;
    end`.execute(db);
  }
}

async function triggersPostgres(db: Kysely<any>): Promise<void> {
  for (const { table, column } of COUNTED) {
    const fn = sql.raw(`inkwell_count_${table}`);
    const counted = sql.raw(column);
    await sql`create function ${fn}() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update posts set ${counted} = ${counted} - 1 where id = old.post_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update posts set ${counted} = ${counted} + 1 where id = new.post_id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_count`)} after insert or delete on ${sql.table(table)}
      for each row execute function ${fn}()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_count_move`)} after update of post_id on ${sql.table(table)}
      for each row when (old.post_id is distinct from new.post_id) execute function ${fn}()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table } of COUNTED) {
    if (postgres) {
      await sql`drop trigger ${sql.raw(`${table}_count_move`)} on ${sql.table(table)}`.execute(db);
      await sql`drop trigger ${sql.raw(`${table}_count`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function ${sql.raw(`inkwell_count_${table}`)}()`.execute(db);
    } else {
      for (const suffix of ['insert', 'delete', 'move'])
        await sql`drop trigger ${sql.raw(`${table}_count_${suffix}`)}`.execute(db);
    }
  }
  await db.schema.alterTable('posts').dropColumn('favorite_count').execute();
  await db.schema.alterTable('posts').dropColumn('comment_count').execute();
}
