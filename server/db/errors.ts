/** Driver-neutral checks for constraint violations (better-sqlite3 codes, PostgreSQL SQLSTATEs). */
export function codeOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** What the driver says was violated: PostgreSQL's `constraint`, or SQLite's message after "failed: ". */
export function constraintOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  if (typeof constraint === 'string') return constraint;
  return typeof message === 'string' ? (/constraint failed: (.*)$/.exec(message)?.[1] ?? '') : '';
}
