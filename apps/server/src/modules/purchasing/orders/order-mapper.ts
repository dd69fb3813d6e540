import {
  formatPurchaseOrderNumber,
  type TPurchaseOrder,
  type TPurchaseOrderLine,
  type TPurchaseOrderSummary,
  type TPurchaseReceipt,
} from '@app/contracts';
import { lineTotal, outstandingOf, sumMoney } from './order-rules.js';
import type { LineView, OrderSummaryRow, OrderView, ReceiptView } from './orders.repository.js';

/** Rows as the API answers them: the aliases, the printed number, money and ISO instants. */

type OrderHead = Omit<OrderView, 'supplierEmail'>;

function orderFields(row: OrderHead) {
  return {
    id: row.id,
    purchaseOrderId: row.id,
    number: row.number,
    orderNumber: formatPurchaseOrderNumber(row.number),
    status: row.status,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    locationId: row.locationId,
    locationName: row.locationName,
    expectedAt: row.expectedAt,
    note: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

export function toOrderSummary(row: OrderSummaryRow): TPurchaseOrderSummary {
  return {
    ...orderFields(row),
    lineCount: row.lineCount,
    orderedQuantity: Number(row.orderedQuantity),
    receivedQuantity: Number(row.receivedQuantity),
    totalCost: row.total,
  };
}

export function toOrder(
  order: OrderView,
  lines: readonly LineView[],
  receipts: readonly ReceiptView[],
): TPurchaseOrder {
  const answeredLines = lines.map((line) => toLine(line, order));
  const sum = (pick: (line: TPurchaseOrderLine) => number) =>
    answeredLines.reduce((total, line) => total + pick(line), 0);
  const orderedQuantity = sum((line) => line.quantity);
  const receivedQuantity = sum((line) => line.receivedQuantity);
  const totalCost = sumMoney(lines.map((line) => lineTotal(line.quantity, line.unitCost)));
  return {
    ...orderFields(order),
    supplierEmail: order.supplierEmail,
    lineCount: lines.length,
    orderedQuantity,
    receivedQuantity,
    totalCost,
    lines: answeredLines,
    totals: {
      orderedQuantity,
      receivedQuantity,
      damagedQuantity: sum((line) => line.damagedQuantity),
      outstandingQuantity: sum((line) => line.outstandingQuantity),
      totalCost,
      receivedCost: sumMoney(lines.map((line) => lineTotal(line.receivedQuantity, line.unitCost))),
      damagedCost: sumMoney(lines.map((line) => lineTotal(line.damagedQuantity, line.unitCost))),
    },
    receipts: groupReceipts(receipts),
  };
}

function toLine(line: LineView, order: Pick<OrderView, 'status'>): TPurchaseOrderLine {
  return {
    id: line.id,
    lineId: line.id,
    lineNo: line.lineNo,
    productId: line.productId,
    sku: line.sku,
    productName: line.productName,
    quantity: line.quantity,
    unitCost: line.unitCost,
    lineCost: lineTotal(line.quantity, line.unitCost),
    receivedQuantity: line.receivedQuantity,
    damagedQuantity: line.damagedQuantity,
    outstandingQuantity: outstandingOf(line, order.status),
  };
}

/** Receipt rows (one per line of a delivery) grouped by delivery, in the order read. */
function groupReceipts(rows: readonly ReceiptView[]): TPurchaseReceipt[] {
  const receipts = new Map<string, TPurchaseReceipt>();
  for (const row of rows) {
    let receipt = receipts.get(row.receiptId);
    if (!receipt) {
      receipt = {
        receiptId: row.receiptId,
        receivedAt: row.receivedAt.toISOString(),
        receivedBy: row.receivedBy,
        lines: [],
      };
      receipts.set(row.receiptId, receipt);
    }
    receipt.lines.push({
      lineId: row.lineId,
      productId: row.productId,
      sku: row.sku,
      productName: row.productName,
      quantity: row.quantity,
      damaged: row.damaged,
      note: row.note,
    });
  }
  return [...receipts.values()];
}
