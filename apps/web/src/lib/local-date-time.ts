/**
 * The value of an `<input type="datetime-local">` ("2026-03-01T09:30", the browser's time zone)
 * and the ISO instants the API speaks (products' discount dialog keeps its own copy).
 */

const pad = (part: number) => String(part).padStart(2, '0');

/** An instant as a datetime-local value in the browser's time zone; '' for none or nonsense. */
export function toLocalDateTime(instant: string | number | null): string {
  if (instant === null) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant (UTC, with its "Z" offset); null when it cannot be read. */
export function fromLocalDateTime(local: string): string | null {
  const time = Date.parse(local);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
