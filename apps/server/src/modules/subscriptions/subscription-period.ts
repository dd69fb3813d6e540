/**
 * One calendar month later, in UTC: the same day of the next month, or its last day when it has
 * fewer (31 January -> 28 or 29 February).
 */
export function addMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Failed renewal charges are retried daily for this long after the period's end, then it expires. */
export const RENEWAL_GRACE_MS = 3 * DAY_MS;
