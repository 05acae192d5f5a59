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
  cursor: z.string({ error: CURSOR_MESSAGE }).max(64, CURSOR_MESSAGE).optional(),
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
