import type { Generated } from 'kysely';

/**
 * Tables as the query builder sees them. Timestamps are ISO-8601 UTC text on both databases:
 * they sort correctly as text and come back as the same type from SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: string;
  username: string;
  email: string;
  /** Lower-cased email: the unique key, so emails are compared without regard to case. */
  email_key: string;
  /** null: an account that cannot sign in (the demo author). */
  password_hash: string | null;
  /** Bumped on a password change; tokens carry it, so older tokens stop working. */
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PostsTable {
  id: string;
  author_id: string;
  title: string;
  content: string;
  /** The post's normalized tags in the writer's order, joined by spaces ('' for none). */
  tags: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  author_id: string;
  body: string;
  created_at: string;
}

export interface FavoritesTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
}

/** Secrets the instance generated for itself, shared by every instance on the database. */
export interface InstanceSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface TagsTable {
  name: string;
  /** Posts carrying the tag, kept by the transaction that writes the post. */
  post_count: Generated<number>;
  created_at: string;
}

export interface PostTagsTable {
  tag: string;
  post_id: string;
}

export interface TagFollowsTable {
  user_id: string;
  tag: string;
  created_at: string;
}

/**
 * SQLite only: each post's stable integer in the FTS5 tables post_search and post_title_words
 * (virtual tables, queried with raw SQL in the search repository).
 */
export interface PostSearchIdsTable {
  search_id: Generated<number>;
  post_id: string;
}

export interface DatabaseSchema {
  users: UsersTable;
  posts: PostsTable;
  comments: CommentsTable;
  favorites: FavoritesTable;
  follows: FollowsTable;
  instance_secrets: InstanceSecretsTable;
  tags: TagsTable;
  post_tags: PostTagsTable;
  tag_follows: TagFollowsTable;
  post_search_ids: PostSearchIdsTable;
}
