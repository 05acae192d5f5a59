import { sql } from 'kysely';

/** count(*) as a JavaScript number on both databases (PostgreSQL's count is a bigint, sent as text). */
export const countAll = () => sql<number>`cast(count(*) as integer)`;
