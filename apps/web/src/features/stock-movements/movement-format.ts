import type { DiscrepancyReason, MovementStatus, TStockMovement } from '@app/contracts';

export const STATUS_LABELS: Record<MovementStatus, string> = {
  PENDING: 'Pending',
  IN_TRANSIT: 'In transit',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export type MovementEnd = 'source' | 'destination';

export const END_LABELS: Record<MovementEnd, string> = { source: 'Source', destination: 'Destination' };

/** The start of a UUID: enough to tell batches apart on one screen, and short to read. */
export function shortId(id: string): string {
  return id.slice(0, 6).toUpperCase();
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** An instant as its day ("26 Nov") and time ("11:04"), shown on two lines in the list. */
export function formatDayAndTime(instant: string): { day: string; time: string } {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return { day: instant, time: '' };
  return { day: dayFormat.format(date), time: timeFormat.format(date) };
}

const weekDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A week's Monday ("2026-11-23") as "23 Nov"; read as a calendar date, whatever the browser's zone. */
export function formatWeek(weekStart: string): string {
  const date = new Date(`${weekStart}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? weekStart : weekDay.format(date);
}

/** A 6-digit code in two groups of three, the way people read it out. */
export function formatCode(code: string): string {
  return code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/** The end that validates next, or null when the movement is over or locked. */
export function nextEnd(movement: TStockMovement): MovementEnd | null {
  if (movement.isLocked) return null;
  if (movement.status === 'PENDING') return 'source';
  if (movement.status === 'IN_TRANSIT') return 'destination';
  return null;
}

export function isOpen(movement: TStockMovement): boolean {
  return movement.status === 'PENDING' || movement.status === 'IN_TRANSIT';
}

/** "12 × COF-500 from North Depot to High Street": how a confirmation names a movement. */
export function describeMovement(movement: TStockMovement): string {
  return `${movement.quantity} × ${movement.sku} from ${movement.sourceLocationName} to ${movement.destinationLocationName}`;
}

/** Why what arrived differs from what was sent. */
export const DISCREPANCY_LABELS: Record<DiscrepancyReason, string> = {
  SHORT: 'Arrived short',
  DAMAGED: 'Arrived damaged',
  OVER: 'More arrived than was sent',
};

/**
 * What the destination stated when the movement did not arrive as sent, with its note ("Arrived
 * short: box torn"); null for a movement that arrived as sent or has not arrived.
 */
export function describeArrival(movement: TStockMovement): string | null {
  if (!movement.discrepancyReason || movement.receivedQuantity === null) return null;
  const reason = DISCREPANCY_LABELS[movement.discrepancyReason];
  return movement.discrepancyNote ? `${reason}: ${movement.discrepancyNote}` : reason;
}

/** "9 of 12 arrived": the chip of a movement that did not arrive as sent. */
export function arrivedCount(movement: TStockMovement): string {
  return `${movement.receivedQuantity ?? 0} of ${movement.quantity} arrived`;
}
