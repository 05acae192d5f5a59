import { z } from './zod';

/**
 * Every id Inkwell hands out (users, posts, comments) is a lower-case UUID: server/lib/ids.ts makes
 * UUIDv7s. Anything else cannot name a row, so it never needs to reach the database.
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** Marks the issue raised by a well-formed request whose id cannot exist: the server answers it 404. */
export const UNKNOWN_ID_PARAM = 'unknownId';

/**
 * The one schema for an id in a query or a body. Missing or not text: 400 `<field> is required`.
 * Present but not a UUID: an issue carrying `notFoundMessage`, which the server answers as the same
 * 404 an id that names nothing gets, so a malformed id and an unknown one look alike.
 */
export function idSchema(field: string, notFoundMessage: string) {
  const required = `${field} is required`;
  return z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .refine(isUuid, { message: notFoundMessage, params: { [UNKNOWN_ID_PARAM]: true } });
}
