/**
 * The server's clock, as the ISO 8601 text every table stores its times in (UTC, millisecond
 * precision): ISO strings of one format compare as the instants they name, so `published_at <= now`
 * works the same in SQL and in TypeScript, on SQLite and PostgreSQL.
 */
export const nowIso = (): string => new Date().toISOString();
