/** When something happened, as a person reads it: "5 min ago" in a list, the exact time on hover. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'long' });
const dayMonthFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const dayMonthYearFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const shortFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const shortYearFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const exactFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function toDate(instant: string): Date | null {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; from a week back the day
 * ("26 Nov", with the year when it is another year). A time a little ahead (clocks differ) is "just now".
 */
export function formatRelativeTime(instant: string, now: Date = new Date()): string {
  const date = toDate(instant);
  if (!date) return instant;
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relativeFormat.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relativeFormat.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relativeFormat.format(-Math.floor(elapsed / DAY), 'day');
  return (date.getFullYear() === now.getFullYear() ? dayMonthFormat : dayMonthYearFormat).format(date);
}

/** "26 Nov 2026, 11:04" in the browser's language and zone. */
export function formatExactTime(instant: string): string {
  const date = toDate(instant);
  return date ? exactFormat.format(date) : instant;
}

/** "17 Mar, 09:00" (with the year when it is another), for a table's narrow column. */
export function formatShortDateTime(instant: string, now: Date = new Date()): string {
  const date = toDate(instant);
  if (!date) return instant;
  return (date.getFullYear() === now.getFullYear() ? shortFormat : shortYearFormat).format(date);
}
