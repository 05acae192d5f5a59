import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * posts.comment_count counts the comments readers can see: a comment an operator hid (or whose
 * author is suspended) leaves the count, and comes back to it when restored. The triggers of
 * migration 2026-11-25-0002 are replaced for comments only (favorites keep theirs), and the counts
 * are set again from the rows. Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger comments_count_move on comments`.execute(db);
    await sql`drop trigger comments_count on comments`.execute(db);
    await sql`create or replace function inkwell_count_comments() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') and old.hidden_at is null then
          update posts set comment_count = comment_count - 1 where id = old.post_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.hidden_at is null then
          update posts set comment_count = comment_count + 1 where id = new.post_id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger comments_count after insert or delete on comments
      for each row execute function inkwell_count_comments()`.execute(db);
    await sql`create trigger comments_count_move after update of post_id, hidden_at on comments
      for each row when (old.post_id is distinct from new.post_id
        or (old.hidden_at is null) <> (new.hidden_at is null))
      execute function inkwell_count_comments()`.execute(db);
  } else {
    for (const suffix of ['insert', 'delete', 'move']) {
      await sql`drop trigger ${sql.raw(`comments_count_${suffix}`)}`.execute(db);
    }
    await sql`create trigger comments_count_insert after insert on comments
      when new.hidden_at is null begin
      update posts set comment_count = comment_count + 1 where id = new.post_id;
    end`.execute(db);
    await sql`create trigger comments_count_delete after delete on comments
      when old.hidden_at is null begin
      update posts set comment_count = comment_count - 1 where id = old.post_id;
    end`.execute(db);
    await sql`create trigger comments_count_move after update of post_id, hidden_at on comments
      when old.post_id is not new.post_id or (old.hidden_at is null) <> (new.hidden_at is null) begin
      update posts set comment_count = comment_count - (old.hidden_at is null) where id = old.post_id;
      update posts set comment_count = comment_count + (new.hidden_at is null) where id = new.post_id;
    end`.execute(db);
  }
  await sql`update posts set comment_count =
    (select count(*) from comments where comments.post_id = posts.id and comments.hidden_at is null)`.execute(
    db,
  );
}

/** Back to counting every row, as migration 2026-11-25-0002 made them. */
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger comments_count_move on comments`.execute(db);
    await sql`drop trigger comments_count on comments`.execute(db);
    await sql`create or replace function inkwell_count_comments() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update posts set comment_count = comment_count - 1 where id = old.post_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update posts set comment_count = comment_count + 1 where id = new.post_id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger comments_count after insert or delete on comments
      for each row execute function inkwell_count_comments()`.execute(db);
    await sql`create trigger comments_count_move after update of post_id on comments
      for each row when (old.post_id is distinct from new.post_id) execute function inkwell_count_comments()`.execute(
      db,
    );
  } else {
    for (const suffix of ['insert', 'delete', 'move']) {
      await sql`drop trigger ${sql.raw(`comments_count_${suffix}`)}`.execute(db);
    }
    await sql`create trigger comments_count_insert after insert on comments begin
      update posts set comment_count = comment_count + 1 where id = new.post_id;
    end`.execute(db);
    await sql`create trigger comments_count_delete after delete on comments begin
      update posts set comment_count = comment_count - 1 where id = old.post_id;
    end`.execute(db);
    await sql`create trigger comments_count_move after update of post_id on comments
      when old.post_id is not new.post_id begin
      update posts set comment_count = comment_count - 1 where id = old.post_id;
      update posts set comment_count = comment_count + 1 where id = new.post_id;
    end`.execute(db);
  }
  await sql`update posts set comment_count =
    (select count(*) from comments where comments.post_id = posts.id)`.execute(db);
}
