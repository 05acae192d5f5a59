const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl formatter costs far more than using one: one per time zone, kept. */
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Specification §9: abbreviated month, day, four-digit year, like 'Jun 27, 2024'. */
export function formatPostDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatterFor(timeZone).format(date);
}
