import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * posts.comment_count counts the comments readers can see: a comment an operator hid (or whose
 * author is suspended) leaves the count, and comes back to it when restored. The triggers of
 * migration 2026-11-25-0002 are replaced for comments only (favorites keep theirs), and the counts
 * are set again from the rows. Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await replaceCommentTriggers(db, true);
}

/** Back to counting every row, as migration 2026-11-25-0002 made them. */
export async function down(db: Kysely<any>): Promise<void> {
  await replaceCommentTriggers(db, false);
}

/**
 * `visibleOnly`: a row counts while `hidden_at` is null, and a change of `hidden_at` moves the count;
 * otherwise every row counts, as before.
 */
async function replaceCommentTriggers(db: Kysely<any>, visibleOnly: boolean): Promise<void> {
  const counts = (row: 'old' | 'new') => sql.raw(visibleOnly ? ` and ${row}.hidden_at is null` : '');
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger comments_count_move on comments`.execute(db);
    await sql`drop trigger comments_count on comments`.execute(db);
    await sql`create or replace function inkwell_count_comments() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE')${counts('old')} then
          update posts set comment_count = comment_count - 1 where id = old.post_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE')${counts('new')} then
          update posts set comment_count = comment_count + 1 where id = new.post_id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger comments_count after insert or delete on comments
      for each row execute function inkwell_count_comments()`.execute(db);
    const moved = visibleOnly
      ? sql`after update of post_id, hidden_at on comments for each row when (old.post_id is distinct from
          new.post_id or (old.hidden_at is null) <> (new.hidden_at is null))`
      : sql`after update of post_id on comments for each row when (old.post_id is distinct from new.post_id)`;
    await sql`create trigger comments_count_move ${moved} execute function inkwell_count_comments()`.execute(
      db,
    );
  } else {
    for (const suffix of ['insert', 'delete', 'move']) {
      await sql`drop trigger ${sql.raw(`comments_count_${suffix}`)}`.execute(db);
    }
    const when = (row: 'old' | 'new') => sql.raw(visibleOnly ? `when ${row}.hidden_at is null` : '');
    // In SQLite a comparison is 0 or 1: the move trigger takes away and adds what each side counted.
    const counted = (row: 'old' | 'new') => sql.raw(visibleOnly ? `(${row}.hidden_at is null)` : '1');
    await sql`create trigger comments_count_insert after insert on comments ${when('new')} begin
      update posts set comment_count = comment_count + 1 where id = new.post_id;
    end`.execute(db);
    await sql`create trigger comments_count_delete after delete on comments ${when('old')} begin
      update posts set comment_count = comment_count - 1 where id = old.post_id;
    end`.execute(db);
    const moved = visibleOnly
      ? sql`after update of post_id, hidden_at on comments
          when old.post_id is not new.post_id or (old.hidden_at is null) <> (new.hidden_at is null)`
      : sql`after update of post_id on comments when old.post_id is not new.post_id`;
    await sql`create trigger comments_count_move ${moved} begin
      update posts set comment_count = comment_count - ${counted('old')} where id = old.post_id;
      update posts set comment_count = comment_count + ${counted('new')} where id = new.post_id;
    end`.execute(db);
  }
  const visible = sql.raw(visibleOnly ? ' and comments.hidden_at is null' : '');
  await sql`update posts set comment_count =
    (select count(*) from comments where comments.post_id = posts.id${visible})`.execute(db);
}
