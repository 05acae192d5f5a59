import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The author's own moderation (docs/decisions/0077-author-moderation.md):
 * - `comments.withheld`: 'held' while the comment waits for the post's author to approve it, 'hidden'
 *   once the author hid it; null: shown (unless an operator hid it: `hidden_at`, which stays above).
 * - `posts.comments_closed`: 1 when the post takes no new comments.
 * - `users.hold_first_comments`, `users.close_comments_default`: the writer's defaults (1 = on).
 * posts.comment_count counts only what readers see: the triggers of migration 2026-11-25-0102 are
 * replaced by ones that also leave withheld comments out, and the counts are set again from the rows.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comments').addColumn('withheld', 'varchar(16)').execute();
  // The author's queue: held comments only, a handful among many.
  await db.schema.createIndex('comments_withheld').on('comments').columns(['withheld', 'id']).execute();
  await db.schema
    .alterTable('posts')
    .addColumn('comments_closed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('hold_first_comments', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('close_comments_default', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await replaceCommentTriggers(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceCommentTriggers(db, false);
  await db.schema.alterTable('users').dropColumn('close_comments_default').execute();
  await db.schema.alterTable('users').dropColumn('hold_first_comments').execute();
  await db.schema.alterTable('posts').dropColumn('comments_closed').execute();
  await db.schema.dropIndex('comments_withheld').execute();
  await db.schema.alterTable('comments').dropColumn('withheld').execute();
}

/**
 * `withWithheld`: a row counts while `hidden_at` and `withheld` are both null (and a change of either
 * moves the count); otherwise only `hidden_at` decides, as migration 2026-11-25-0102 made them.
 */
async function replaceCommentTriggers(db: Kysely<any>, withWithheld: boolean): Promise<void> {
  const shown = (row: string) =>
    withWithheld ? `${row}.hidden_at is null and ${row}.withheld is null` : `${row}.hidden_at is null`;
  const columns = sql.raw(withWithheld ? 'post_id, hidden_at, withheld' : 'post_id, hidden_at');
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger comments_count_move on comments`.execute(db);
    await sql`drop trigger comments_count on comments`.execute(db);
    await sql`create or replace function inkwell_count_comments() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') and ${sql.raw(shown('old'))} then
          update posts set comment_count = comment_count - 1 where id = old.post_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and ${sql.raw(shown('new'))} then
          update posts set comment_count = comment_count + 1 where id = new.post_id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger comments_count after insert or delete on comments
      for each row execute function inkwell_count_comments()`.execute(db);
    await sql`create trigger comments_count_move after update of ${columns} on comments for each row
      when (old.post_id is distinct from new.post_id
        or (${sql.raw(shown('old'))}) is distinct from (${sql.raw(shown('new'))}))
      execute function inkwell_count_comments()`.execute(db);
  } else {
    for (const suffix of ['insert', 'delete', 'move']) {
      await sql`drop trigger ${sql.raw(`comments_count_${suffix}`)}`.execute(db);
    }
    // In SQLite a comparison is 0 or 1: the move trigger takes away and adds what each side counted.
    await sql`create trigger comments_count_insert after insert on comments when ${sql.raw(shown('new'))} begin
      update posts set comment_count = comment_count + 1 where id = new.post_id;
    end`.execute(db);
    await sql`create trigger comments_count_delete after delete on comments when ${sql.raw(shown('old'))} begin
      update posts set comment_count = comment_count - 1 where id = old.post_id;
    end`.execute(db);
    await sql`create trigger comments_count_move after update of ${columns} on comments
      when old.post_id is not new.post_id or (${sql.raw(shown('old'))}) <> (${sql.raw(shown('new'))}) begin
      update posts set comment_count = comment_count - (${sql.raw(shown('old'))}) where id = old.post_id;
      update posts set comment_count = comment_count + (${sql.raw(shown('new'))}) where id = new.post_id;
    end`.execute(db);
  }
  await sql`update posts set comment_count =
    (select count(*) from comments where comments.post_id = posts.id and ${sql.raw(shown('comments'))})`.execute(
    db,
  );
}
