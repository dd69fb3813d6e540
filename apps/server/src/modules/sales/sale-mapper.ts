import {
  type PaymentMethod,
  type SaleKind,
  type TSale,
  type TSaleLine,
  type TSaleLoyalty,
  type TSaleSummary,
} from '@app/contracts';
import { costOfLine, marginOfLine } from './sale-pricing.js';
import type { SaleLineRow, SaleRow } from './sales.repository.js';

/** A sale as every answer shows it: the create and refund answers equal a following GET. */
export function toSale(row: SaleRow, lines: readonly SaleLineRow[], loyalty: TSaleLoyalty | null): TSale {
  return { ...toSaleHeader(row, loyalty), lines: lines.map(toSaleLine) };
}

/** A row of the sales list: the sale without its lines, with their number. */
export function toSaleSummary(
  row: SaleRow & { lineCount: number },
  loyalty: TSaleLoyalty | null,
): TSaleSummary {
  return { ...toSaleHeader(row, loyalty), lineCount: row.lineCount };
}

function toSaleHeader(row: SaleRow, loyalty: TSaleLoyalty | null): Omit<TSale, 'lines'> {
  return {
    id: row.id,
    saleId: row.id,
    kind: row.kind as SaleKind,
    refundOf: row.refundOf,
    storeId: row.storeId,
    storeName: row.storeName,
    locationId: row.locationId,
    soldAt: row.soldAt.toISOString(),
    paymentMethod: row.paymentMethod as PaymentMethod,
    customerRef: row.customerRef,
    subtotal: row.subtotal,
    discountTotal: row.discountTotal,
    loyaltyDiscount: row.loyaltyDiscount,
    total: row.total,
    unitsSold: row.units,
    loyalty,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function toSaleLine(line: SaleLineRow): TSaleLine {
  const cost = costOfLine(line.quantity, line.unitCost);
  return {
    lineNo: line.lineNo,
    productId: line.productId,
    productName: line.productName,
    sku: line.sku,
    barcode: line.barcode,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    discount: line.discount,
    totalPrice: line.lineTotal,
    refundedQuantity: line.refundedQuantity,
    unitCost: line.unitCost,
    cost,
    margin: marginOfLine(line.lineTotal, cost),
  };
}
