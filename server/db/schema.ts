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

export interface DatabaseSchema {
  users: UsersTable;
  posts: PostsTable;
  comments: CommentsTable;
  favorites: FavoritesTable;
  follows: FollowsTable;
  instance_secrets: InstanceSecretsTable;
}
