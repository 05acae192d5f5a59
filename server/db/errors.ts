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
