/**
 * The `next` query parameter sends a user back after signing in. Only a path on this site is
 * followed: '//evil.test' and '/\evil.test' are read by browsers as other hosts, so they are refused.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (a tab or newline inside "/\t/evil.test") are stripped by URL parsers.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return value;
}

/** '/signin?next=/updateblog%3Fid%3D1' style links for guards and footers. */
export function withNext(path: string, next: string | null | undefined): string {
  const safe = safeNextPath(next);
  return safe ? `${path}?${new URLSearchParams({ next: safe }).toString()}` : path;
}
