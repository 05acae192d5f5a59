/**
 * What a write refused by the database's own rules means to the code that asked for it, without
 * knowing which database said so: the database layer turns its drivers' errors into these
 * (server/db/constraint-errors.ts), so a service can answer "taken" or "no such thing" by
 * `instanceof` instead of reading SQLSTATEs and SQLite codes. The driver's error is the `cause`,
 * and its `code` is kept for the logs.
 */
export class ConstraintViolation extends Error {
  readonly code: string;
  /**
   * The constraint as the database named it: PostgreSQL's constraint or index name
   * (`posts_blog_slug`, `publications_slug_key`), SQLite's index or columns (`index
   * 'posts_blog_slug'`, `publications.slug`). For the few writes that answer one unique key
   * differently from another, by a pattern that fits both databases.
   */
  readonly constraint: string;

  constructor(message: string, code: string, cause: unknown, constraint = '') {
    super(message, { cause });
    this.name = new.target.name;
    this.code = code;
    this.constraint = constraint;
  }
}

/** A row with the same unique key exists (a name, an address, a pair already linked). */
export class DuplicateKey extends ConstraintViolation {}

/** A row this write points at does not exist (any more): a post, a person, a topic. */
export class MissingReference extends ConstraintViolation {}
