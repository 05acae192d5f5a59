/**
 * Dates in a writer's time zone, from Intl (the runtime's own IANA database): which local day an
 * instant falls on, and when a local day begins. No arithmetic on offsets of our own making, so
 * daylight saving and zones half an hour off UTC come out as the zone's rules say.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `zone` at `ms`, read as if it were UTC (milliseconds). */
function wallClock(ms: number, zone: string): number {
  // Intl's formatting costs tens of microseconds a call, and a year's report makes a thousand.
  if (zone === 'UTC') return ms;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** `YYYY-MM-DD`: the date in `zone` at the instant `ms`. */
export function localDate(ms: number, zone: string): string {
  return new Date(wallClock(ms, zone)).toISOString().slice(0, 10);
}

/**
 * The instant `date` (YYYY-MM-DD) begins in `zone`. Two passes, since the offset at local
 * midnight may differ from the offset at the guess; where midnight is skipped (a few zones move
 * their clocks at 00:00) it is the first instant of that date.
 */
export function startOfLocalDay(date: string, zone: string): number {
  const key = `${zone} ${date}`;
  let start = starts.get(key);
  if (start === undefined) {
    // A zone's rules do not change while the process runs: each day's start is worked out once.
    if (starts.size >= STARTS_KEPT) starts.clear();
    start = computeStartOfLocalDay(date, zone);
    starts.set(key, start);
  }
  return start;
}

/** Days' starts already worked out, by zone and date: a few zones' years. */
const starts = new Map<string, number>();
const STARTS_KEPT = 20_000;

function computeStartOfLocalDay(date: string, zone: string): number {
  const midnight = Date.parse(`${date}T00:00:00.000Z`);
  let guess = midnight - (wallClock(midnight, zone) - midnight);
  guess = midnight - (wallClock(guess, zone) - guess);
  return localDate(guess, zone) < date ? guess + HOUR_MS : guess;
}

/** `date` moved by `days` whole days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DDTHH`: the UTC hour an instant falls in (the hourly rows' key). */
export const utcHourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/** The instant a `YYYY-MM-DDTHH` hour key begins. */
export const hourStart = (hour: string) => Date.parse(`${hour}:00:00.000Z`);
