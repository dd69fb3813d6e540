/**
 * An instant as ISO-8601 in a time zone, with that zone's offset at that instant
 * (`2026-03-29T03:30:00.000+02:00`): what a person reads as their local time, still one exact
 * instant for a program. DESIGN 13: a business reads its times in its own IANA time zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for an unknown zone; names are checked when a business stores one.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return { year, month, day, hour, minute, second };
}

/** The zone's offset at an instant in minutes (local = UTC + offset): +120 in Paris in summer. */
function offsetMinutesAt(instant: Date, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClockAt(instant, timeZone);
  const millisecond = ((instant.getTime() % 1000) + 1000) % 1000;
  // The wall clock read as if it were UTC, minus the instant: the zone's offset at that instant.
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  return Math.round((wallAsUtc - instant.getTime()) / 60_000);
}

export function isoInTimeZone(instant: Date, timeZone: string): string {
  const { year, month, day, hour, minute, second } = wallClockAt(instant, timeZone);
  const millisecond = ((instant.getTime() % 1000) + 1000) % 1000;
  const offsetMinutes = offsetMinutesAt(instant, timeZone);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = Math.abs(offsetMinutes);
  return (
    `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(millisecond, 3)}` +
    `${sign}${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`
  );
}

/** The calendar date `days` days after `day` (both yyyy-MM-dd; negative goes back): no zone, no clock change. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar date (`2026-03-29`) of an instant in a time zone: the day a business files it under. */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  return isoInTimeZone(instant, timeZone).slice(0, 10);
}

/**
 * The instant a wall-clock minute of a zone names (`month` from 1). A time the clocks skip when
 * they spring forward is read on the clock of before (02:30 in Paris on 29 March 2026 is 03:30
 * CEST); a time they repeat when they fall back is its first occurrence. So midnight is always the
 * first instant of its day, even in a zone whose clocks skip midnight itself.
 */
export function instantOfWallTime(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const wallMs = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const DAY_MS = 24 * 60 * 60 * 1000;
  // Offsets are at most a day from UTC and change at most once in a day around the time.
  const before = offsetMinutesAt(new Date(wallMs - DAY_MS), timeZone) * 60_000;
  const after = offsetMinutesAt(new Date(wallMs + DAY_MS), timeZone) * 60_000;
  const fits = [wallMs - before, wallMs - after]
    .filter((candidate) => offsetMinutesAt(new Date(candidate), timeZone) * 60_000 === wallMs - candidate)
    .sort((a, b) => a - b);
  return new Date(fits[0] ?? wallMs - before);
}
