import type { TInventoryItem, TLedgerEntry, TStockRow } from '@app/contracts';
import type { LedgerRow } from './item-lists.repository.js';
import type { StockRowView } from './stock-page.repository.js';
import type { ItemView } from './items.repository.js';

/** An item as every inventory answer shows it: `inventoryId` is the same value as `id`. */
export function toInventoryItem(row: ItemView): TInventoryItem {
  return {
    id: row.id,
    inventoryId: row.id,
    locationId: row.locationId,
    productId: row.productId,
    sku: row.sku,
    barcode: row.barcode,
    productName: row.productName,
    quantity: row.quantity,
    reorderPoint: row.reorderPoint,
    averageUnitCost: row.averageUnitCost,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A row of the stock table: low stock is a quantity under a reorder point that is set. */
export function toStockRow(row: StockRowView): TStockRow {
  return {
    ...toInventoryItem(row),
    inTransitOut: row.inTransitOut,
    inTransitIn: row.inTransitIn,
    isLowStock: row.reorderPoint !== null && row.quantity < row.reorderPoint,
  };
}

export function toLedgerEntry(row: LedgerRow): TLedgerEntry {
  return {
    id: row.id,
    inventoryId: row.inventoryId,
    delta: row.delta,
    quantityAfter: row.quantityAfter,
    reason: row.reason as TLedgerEntry['reason'],
    cause: row.cause as TLedgerEntry['cause'],
    reference: row.reference,
    note: row.note,
    userId: row.userId,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
  };
}
