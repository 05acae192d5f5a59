import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Full-text search, kept by the database itself in the same transaction as every write to posts
 * (and every rename of an author), whichever code path writes: triggers on SQLite, a trigger-kept
 * tsvector on PostgreSQL. See docs/decisions/0013-full-text-search.md.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

/**
 * FTS5, contentless (the text lives in posts only) with contentless_delete so rows can be removed.
 * FTS rows are addressed by an integer: posts have text ids, and SQLite may renumber the implicit
 * rowid of such a table on VACUUM, so post_search_ids gives each post a stable one of its own.
 * post_search indexes title, tags, content and the author's name with the Porter stemmer;
 * post_title_words indexes titles unstemmed, with prefix indexes, for suggestions while typing
 * (a stemmed index cannot match "runn" to "running", stored as "run").
 */
async function upSqlite(db: Kysely<any>): Promise<void> {
  const statements = [
    sql`create table post_search_ids (
      search_id integer primary key,
      post_id varchar(36) not null unique
    )`,
    sql`create virtual table post_search using fts5(
      title, tags, content, author,
      content = '', contentless_delete = 1,
      tokenize = 'porter unicode61 remove_diacritics 2'
    )`,
    sql`create virtual table post_title_words using fts5(
      title,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    )`,
    sql`insert into post_search_ids (post_id) select id from posts order by id`,
    sql`insert into post_search (rowid, title, tags, content, author)
      select s.search_id, p.title, p.tags, p.content, u.username
      from post_search_ids s join posts p on p.id = s.post_id join users u on u.id = p.author_id`,
    sql`insert into post_title_words (rowid, title)
      select s.search_id, p.title from post_search_ids s join posts p on p.id = s.post_id`,
    sql`create trigger posts_search_insert after insert on posts begin
      insert into post_search_ids (post_id) values (new.id);
      insert into post_search (rowid, title, tags, content, author) values (
        (select search_id from post_search_ids where post_id = new.id),
        new.title, new.tags, new.content,
        (select username from users where id = new.author_id)
      );
      insert into post_title_words (rowid, title) values (
        (select search_id from post_search_ids where post_id = new.id), new.title
      );
    end`,
    sql`create trigger posts_search_update after update of title, tags, content, author_id on posts begin
      delete from post_search where rowid = (select search_id from post_search_ids where post_id = old.id);
      delete from post_title_words where rowid = (select search_id from post_search_ids where post_id = old.id);
      insert into post_search (rowid, title, tags, content, author) values (
        (select search_id from post_search_ids where post_id = new.id),
        new.title, new.tags, new.content,
        (select username from users where id = new.author_id)
      );
      insert into post_title_words (rowid, title) values (
        (select search_id from post_search_ids where post_id = new.id), new.title
      );
    end`,
    sql`create trigger posts_search_delete after delete on posts begin
      delete from post_search where rowid = (select search_id from post_search_ids where post_id = old.id);
      delete from post_title_words where rowid = (select search_id from post_search_ids where post_id = old.id);
      delete from post_search_ids where post_id = old.id;
    end`,
    sql`create trigger users_search_rename after update of username on users
      when old.username is not new.username begin
      delete from post_search where rowid in (
        select s.search_id from post_search_ids s join posts p on p.id = s.post_id where p.author_id = new.id
      );
      insert into post_search (rowid, title, tags, content, author)
        select s.search_id, p.title, p.tags, p.content, new.username
        from post_search_ids s join posts p on p.id = s.post_id where p.author_id = new.id;
    end`,
    // Author suggestions: a prefix of the lower-cased name is a range of this index.
    sql`create index users_username_lower on users (lower(username))`,
  ];
  for (const statement of statements) await statement.execute(db);
}

/**
 * A stored tsvector, weighted A (title), B (tags), C (content), D (author's name), computed by a
 * trigger because the author's name lives in another table (a generated column cannot read it),
 * and indexed with GIN. Titles also get an unstemmed ('simple') GIN index for suggestions.
 */
async function upPostgres(db: Kysely<any>): Promise<void> {
  const statements = [
    sql`create function inkwell_post_search_vector(title text, tags text, content text, author text)
      returns tsvector language sql immutable parallel safe as $$
        select setweight(to_tsvector('english', title), 'A')
          || setweight(to_tsvector('english', tags), 'B')
          || setweight(to_tsvector('english', content), 'C')
          || setweight(to_tsvector('english', author), 'D')
      $$`,
    sql`alter table posts add column search_vector tsvector`,
    sql`update posts set search_vector = inkwell_post_search_vector(posts.title, posts.tags, posts.content, users.username)
      from users where users.id = posts.author_id`,
    sql`create function inkwell_posts_search_vector() returns trigger language plpgsql as $$
      begin
        new.search_vector := inkwell_post_search_vector(
          new.title, new.tags, new.content,
          coalesce((select username from users where id = new.author_id), '')
        );
        return new;
      end
      $$`,
    sql`create trigger posts_search_vector before insert or update of title, tags, content, author_id on posts
      for each row execute function inkwell_posts_search_vector()`,
    sql`create function inkwell_users_search_rename() returns trigger language plpgsql as $$
      begin
        update posts set search_vector = inkwell_post_search_vector(title, tags, content, new.username)
          where author_id = new.id;
        return null;
      end
      $$`,
    sql`create trigger users_search_rename after update of username on users
      for each row when (old.username is distinct from new.username)
      execute function inkwell_users_search_rename()`,
    sql`create index posts_search_vector on posts using gin (search_vector)`,
    sql`create index posts_title_words on posts using gin (to_tsvector('simple', title))`,
    sql`create index users_username_lower on users ((lower(username) collate "C"))`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const statement of [
      sql`drop index users_username_lower`,
      sql`drop index posts_title_words`,
      sql`drop trigger users_search_rename on users`,
      sql`drop function inkwell_users_search_rename()`,
      sql`drop trigger posts_search_vector on posts`,
      sql`drop function inkwell_posts_search_vector()`,
      sql`alter table posts drop column search_vector`,
      sql`drop function inkwell_post_search_vector(text, text, text, text)`,
    ]) {
      await statement.execute(db);
    }
    return;
  }
  for (const statement of [
    sql`drop index users_username_lower`,
    sql`drop trigger users_search_rename`,
    sql`drop trigger posts_search_delete`,
    sql`drop trigger posts_search_update`,
    sql`drop trigger posts_search_insert`,
    sql`drop table post_title_words`,
    sql`drop table post_search`,
    sql`drop table post_search_ids`,
  ]) {
    await statement.execute(db);
  }
}
