import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, type Page } from '../../../contracts/posts';
import { isUuid } from '../../../contracts/ids';
import { badRequest } from '../../lib/http-errors';

export const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;
export const CURSOR_MESSAGE = 'cursor is not valid';

/**
 * `limit` and `cursor` as they arrive in a query string. A repeated parameter arrives as an array
 * and is refused rather than guessed at.
 */
export const pageQuerySchema = z.object({
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .refine((value) => value >= 1 && value <= PAGE_LIMIT_MAX, LIMIT_MESSAGE)
    .optional(),
  cursor: z.string({ error: CURSOR_MESSAGE }).max(128, CURSOR_MESSAGE).optional(),
});

export interface PageRequest {
  limit: number;
  /** The id of the last item the reader has seen; the next page starts after it. */
  after: string | null;
}

/**
 * Cursors are opaque to clients (base64url of the last id), so the keyset can change later
 * without breaking anyone. Anything that does not decode to a UUID is a 400, never a 500.
 */
export function encodeCursor(lastId: string): string {
  return Buffer.from(lastId, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isUuid(id) || encodeCursor(id) !== cursor) {
    throw badRequest(CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] });
  }
  return id;
}

export function toPageRequest(query: z.output<typeof pageQuerySchema>): PageRequest {
  return {
    limit: query.limit ?? PAGE_LIMIT_DEFAULT,
    after: query.cursor === undefined || query.cursor === '' ? null : decodeCursor(query.cursor),
  };
}

/**
 * Repositories fetch limit + 1 rows: the extra row only says whether another page exists,
 * which saves a count query and never promises a page that turns out empty.
 */
export function toPage<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { response: items, nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null };
}

/**
 * Where a list ordered by a time stopped: the last post's time (publication, or last edit for the
 * drafts list) and its id, which breaks ties.
 */
export interface TimeKey {
  at: string;
  id: string;
}

export interface TimePageRequest {
  limit: number;
  after: TimeKey | null;
  /** The clock every row is compared to: a post is public once published_at <= now. */
  now: string;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Lists of posts order by (published_at, id), newest first, and the drafts list by (updated_at,
 * id). Their cursors are base64url of "time id", opaque to clients like every cursor.
 */
export function encodeTimeCursor(key: TimeKey): string {
  return Buffer.from(`${key.at} ${key.id}`, 'utf8').toString('base64url');
}

export function decodeTimeCursor(cursor: string): TimeKey {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(' ');
  const key = { at, id };
  if (rest.length > 0 || !ISO_UTC.test(at) || !isUuid(id) || encodeTimeCursor(key) !== cursor) {
    throw badRequest(CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] });
  }
  return key;
}

export function toTimePageRequest(
  query: z.output<typeof pageQuerySchema>,
  now: string = new Date().toISOString(),
): TimePageRequest {
  return {
    limit: query.limit ?? PAGE_LIMIT_DEFAULT,
    after: query.cursor === undefined || query.cursor === '' ? null : decodeTimeCursor(query.cursor),
    now,
  };
}

/** Like toPage, for posts ordered by a time: `timeOf` reads the ordering time of a row. */
export function toTimePage<T extends { id: string }>(
  rows: T[],
  limit: number,
  timeOf: (row: T) => string | null,
): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const at = last ? timeOf(last) : null;
  return {
    response: items,
    nextCursor: rows.length > limit && last && at ? encodeTimeCursor({ at, id: last.id }) : null,
  };
}

/** A post list's ordering time. */
export const publicationTime = (post: { publishedAt: string | null }) => post.publishedAt;
export const editTime = (post: { updatedAt: string }) => post.updatedAt;
