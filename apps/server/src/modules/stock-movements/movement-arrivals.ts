import type { DiscrepancyReason, TReceivedItem } from '@app/contracts';
import { AppError } from '../../platform/http/app-error.js';
import type { TransferDiscrepancy } from '../alerts/system-alerts.service.js';
import type { Arriving } from './movement-stock.js';
import type { MovementRow, MovementView } from './stock-movements.repository.js';

/**
 * What the destination says arrived (issue 16), held against the movements it validates: each item
 * names one of them, and a quantity other than the one sent carries a reason that fits it (fewer:
 * SHORT or DAMAGED; more: OVER). A reason (or a note) with the quantity sent is refused rather than
 * stored, so a discrepancy on record always is one. Movements no item names arrived whole.
 */
export function arrivalsOf(
  open: readonly MovementRow[],
  received: readonly TReceivedItem[],
): Array<MovementRow & Arriving> {
  const byId = new Map<string, { item: TReceivedItem; index: number }>();
  const openIds = new Set(open.map((row) => row.id));
  received.forEach((item, index) => {
    // Stored ids are lower-case; the request may write the uuid in capitals.
    const id = item.movementId.toLowerCase();
    if (!openIds.has(id))
      throw itemError(index, 'movementId', 'This movement is not one of those validated here.');
    byId.set(id, { item, index });
  });
  return open.map((row) => {
    const stated = byId.get(row.id);
    if (!stated)
      return { ...row, receivedQuantity: row.quantity, discrepancyReason: null, discrepancyNote: null };
    const { item, index } = stated;
    const problem = reasonProblem(row.quantity, item.receivedQuantity, item.reason);
    if (problem) throw itemError(index, 'reason', problem);
    if (item.reason === null && item.note !== null)
      throw itemError(index, 'note', 'A note explains a discrepancy: give its reason too.');
    return {
      ...row,
      receivedQuantity: item.receivedQuantity,
      discrepancyReason: item.reason,
      discrepancyNote: item.reason === null ? null : item.note,
    };
  });
}

/** Why this reason does not fit what was sent and what arrived, or null when it does. */
export function reasonProblem(
  sent: number,
  received: number,
  reason: DiscrepancyReason | null,
): string | null {
  if (received === sent)
    return reason === null ? null : `All ${sent} units arrived: there is no discrepancy to explain.`;
  if (received < sent)
    return reason === 'SHORT' || reason === 'DAMAGED'
      ? null
      : `${received} of ${sent} units arrived: say whether the rest is SHORT or DAMAGED.`;
  return reason === 'OVER' ? null : `${received} units arrived where ${sent} were sent: the reason is OVER.`;
}

function itemError(index: number, field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, {
    fieldErrors: { [`items.${index}.${field}`]: [message] },
  });
}

/** The validated movements that arrived with a discrepancy, as their alert tells it. */
export function discrepanciesOf(
  views: readonly MovementView[],
  ids: readonly string[],
): TransferDiscrepancy[] {
  const validated = new Set(ids);
  return views.flatMap((view) =>
    validated.has(view.id) && view.discrepancyReason !== null && view.receivedQuantity !== null
      ? [
          {
            movementId: view.id,
            sku: view.sku,
            productName: view.productName,
            quantity: view.quantity,
            receivedQuantity: view.receivedQuantity,
            reason: view.discrepancyReason as DiscrepancyReason,
            note: view.discrepancyNote,
            sourceLocationId: view.sourceLocationId,
            sourceName: view.sourceLocationName,
            destinationName: view.destinationLocationName,
          },
        ]
      : [],
  );
}

/** The audit entry's account of the discrepancies: "" when everything arrived. */
export function describeArrivals(discrepancies: readonly TransferDiscrepancy[]): string {
  if (discrepancies.length === 0) return '';
  const each = discrepancies.map((d) => {
    const why = d.note ? `${d.reason}: ${d.note}` : d.reason;
    return `SKU ${d.sku} ${d.receivedQuantity} of ${d.quantity} received (${why})`;
  });
  return ` Arrived with ${discrepancies.length === 1 ? 'a discrepancy' : 'discrepancies'}: ${each.join('; ')}.`;
}
