import { formatPurchaseOrderNumber, type PurchaseOrderStatus } from '@app/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { fromCents, toCents } from '../../../platform/money.js';

/**
 * The pure rules of purchase orders: which state allows what, what a receipt may add, and the
 * sums, in integer cents (a line of a billion units at a 12-digit cost is past what a double
 * holds exactly). Imports no database, so it is tested without one.
 */

export type OrderAction = 'update' | 'send' | 'receive' | 'close' | 'cancel';

/** States each action starts from. Cancelling a SENT order is allowed only while nothing arrived. */
const ALLOWED: Record<OrderAction, readonly PurchaseOrderStatus[]> = {
  update: ['DRAFT'],
  send: ['DRAFT'],
  receive: ['SENT', 'PARTIALLY_RECEIVED'],
  close: ['SENT', 'PARTIALLY_RECEIVED'],
  cancel: ['DRAFT', 'SENT'],
};

const REFUSALS: Record<OrderAction, string> = {
  update: 'Only a draft can be changed',
  send: 'Only a draft can be sent',
  receive: 'Only a sent order can be received',
  close: 'Only a sent or partly received order can be closed',
  cancel: 'Only a draft, or a sent order of which nothing arrived, can be cancelled',
};

const STATUS_WORDS: Record<PurchaseOrderStatus, string> = {
  DRAFT: 'a draft',
  SENT: 'sent',
  PARTIALLY_RECEIVED: 'partly received',
  RECEIVED: 'received',
  CLOSED: 'closed',
  CANCELLED: 'cancelled',
};

export function statusWords(status: PurchaseOrderStatus): string {
  return STATUS_WORDS[status];
}

/** 409 when the order's state does not allow the action, naming both. */
export function assertAllowed(
  action: OrderAction,
  order: { number: number; status: PurchaseOrderStatus },
): void {
  if (ALLOWED[action].includes(order.status)) return;
  throw new AppError(
    'CONFLICT',
    `${REFUSALS[action]}: ${formatPurchaseOrderNumber(order.number)} is ${STATUS_WORDS[order.status]}.`,
    { status: order.status },
  );
}

export type LineQuantities = { quantity: number; receivedQuantity: number; damagedQuantity: number };

/** Units still to come: none once the order is closed or cancelled (the rest will not come). */
export function outstandingOf(line: LineQuantities, status: PurchaseOrderStatus): number {
  if (status === 'CLOSED' || status === 'CANCELLED') return 0;
  return Math.max(line.quantity - line.receivedQuantity, 0);
}

/** quantity × unit cost as money. */
export function lineTotal(quantity: number, unitCost: string): string {
  return fromCents(BigInt(quantity) * toCents(unitCost));
}

export function sumMoney(amounts: readonly string[]): string {
  return fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0n));
}

export type ReceiptLine = { lineId: string; quantity: number; damaged: number };

/**
 * A receipt adds to each line it names. Damaged units count as arrived (the supplier sent
 * them): the line is complete once `received >= ordered`, and a replacement is a new order. A
 * receipt that would take a line past what was ordered is refused whole (409 naming the line):
 * an over-delivery goes back to the supplier or onto its own order, so the order's cost and the
 * stock's average cost never include units nobody ordered.
 */
export function assertReceivable(
  line: LineQuantities & { lineNo: number; sku: string },
  receipt: ReceiptLine,
  index: number,
): void {
  const outstanding = line.quantity - line.receivedQuantity;
  if (receipt.quantity <= outstanding) return;
  throw new AppError(
    'CONFLICT',
    `Line ${line.lineNo} (SKU ${line.sku}) expects ${Math.max(outstanding, 0)} more units: ` +
      `${receipt.quantity} cannot be received.`,
    {
      index,
      lineId: receipt.lineId,
      lineNo: line.lineNo,
      ordered: line.quantity,
      received: line.receivedQuantity,
      outstanding: Math.max(outstanding, 0),
      requested: receipt.quantity,
    },
  );
}

/** RECEIVED once every line has arrived in full; else partly received. */
export function statusAfterReceipt(lines: readonly LineQuantities[]): PurchaseOrderStatus {
  return lines.every((line) => line.receivedQuantity >= line.quantity) ? 'RECEIVED' : 'PARTIALLY_RECEIVED';
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
