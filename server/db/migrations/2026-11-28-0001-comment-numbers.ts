import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Every comment gets a whole number of its own, for the RealWorld API, whose comment ids are
 * integers (docs/decisions/0040-conduit-api.md); Inkwell's own routes keep the UUID. Existing
 * comments are numbered in the order they were written; a new one takes the next number, and no
 * number is ever given twice, even after the comment that had it is deleted (a client still holding
 * it must not reach another comment). Frozen: Kysely<any>, no app imports.
 *
 * PostgreSQL: a sequence, the column's default. SQLite: a table whose AUTOINCREMENT key hands the
 * numbers out (SQLite never reuses those), read by a trigger after each insert; the table is
 * emptied at once, its high-water mark stays in sqlite_sequence. A row's rowid would not do: VACUUM
 * may renumber the rowids of a table without an INTEGER PRIMARY KEY.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comments').addColumn('number', 'integer').execute();
  await sql`update comments set number = (
      select ranked.n from (
        select id, row_number() over (order by created_at, id) as n from comments
      ) as ranked where ranked.id = comments.id
    )`.execute(db);
  await db.schema.createIndex('comments_number').unique().on('comments').column('number').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create sequence comments_number_seq as integer owned by comments.number`.execute(db);
    await sql`select setval('comments_number_seq', coalesce((select max(number) from comments), 0) + 1, false)`.execute(
      db,
    );
    await sql`alter table comments alter column number set default nextval('comments_number_seq')`.execute(
      db,
    );
    await sql`alter table comments alter column number set not null`.execute(db);
    return;
  }
  await sql`create table comment_numbers (n integer primary key autoincrement)`.execute(db);
  const taken = await sql<{ n: number | null }>`select max(number) as n from comments`.execute(db);
  const last = taken.rows[0]?.n ?? 0;
  if (last > 0) {
    await sql`insert into comment_numbers (n) values (${last})`.execute(db);
    await sql`delete from comment_numbers`.execute(db);
  }
  await sql`create trigger comments_number after insert on comments when new.number is null begin
      insert into comment_numbers (n) values (null);
      update comments set number = last_insert_rowid() where id = new.id;
      delete from comment_numbers;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table comments alter column number drop default`.execute(db);
  } else {
    await sql`drop trigger comments_number`.execute(db);
    await sql`drop table comment_numbers`.execute(db);
  }
  await db.schema.dropIndex('comments_number').execute();
  // PostgreSQL's sequence, owned by the column, goes with it.
  await db.schema.alterTable('comments').dropColumn('number').execute();
}
