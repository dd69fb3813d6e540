import type { AdjustmentCause, StockReason } from '@app/contracts';

/**
 * The inventory texts of 001 section 8: the specification names 'Failed to create inventory!' and
 * 'Bulk upload failed! {message}'; the others follow their pattern. Shown when a failed call
 * carries neither a `message` nor an `error`.
 */
export const INVENTORY_MESSAGES = {
  fetch: 'Failed to fetch inventory',
  stockValue: 'Failed to fetch the stock value',
  suggestions: 'Failed to fetch SKU suggestions',
  create: 'Failed to create inventory!',
  adjust: 'Failed to adjust inventory!',
  count: 'Failed to set the counted quantity!',
  retire: 'Failed to retire inventory',
  reactivate: 'Failed to reactivate inventory',
  delete: 'Failed to delete inventory!',
  deleteZero: 'Failed to remove items at zero',
  ledger: 'Failed to fetch inventory history',
  template: 'Failed to download template',
  upload: 'Bulk upload failed!',
} as const;

/** 'Bulk upload failed! {message}' of 001 section 8. */
export function bulkUploadFailed(message: string): string {
  return `${INVENTORY_MESSAGES.upload} ${message}`;
}

export const INVENTORY_SUCCESS = {
  created: 'Stock record added',
  adjusted: 'Stock adjusted',
  counted: 'Counted quantity saved',
  retired: 'Stock record retired',
  reactivated: 'Stock record reactivated',
  deleted: 'Stock record deleted',
} as const;

export function zeroItemsRemoved(count: number): string {
  if (count === 0) return 'No items at zero to remove';
  return count === 1 ? '1 item at zero removed' : `${count} items at zero removed`;
}

export function rowsUploaded(count: number): string {
  return count === 1 ? '1 row uploaded' : `${count} rows uploaded`;
}

/** The causes a person picks when adjusting, as a shop owner says them. */
export const CAUSE_LABELS: Record<AdjustmentCause, string> = {
  RECEIVED: 'Received delivery',
  DAMAGED: 'Damaged',
  EXPIRED: 'Expired',
  LOST: 'Lost',
  THEFT: 'Theft',
  FOUND: 'Found',
  RETURNED: 'Customer return',
  CORRECTION: 'Correction',
  OTHER: 'Other',
};

/** The COUNT row that opened a stock record, in the history drawer. */
export const OPENING_LABEL = 'Opening quantity';

/** Why a ledger row exists, in the history drawer. */
export const REASON_LABELS: Record<StockReason, string> = {
  SALE: 'Sale',
  ADJUSTMENT: 'Adjustment',
  COUNT: 'Stock count',
  MOVEMENT_OUT: 'Sent to another location',
  MOVEMENT_IN: 'Received from another location',
  MOVEMENT_RETURN: 'Movement cancelled, returned',
  UPLOAD: 'Spreadsheet upload',
  PURCHASE: 'Received from a supplier',
  TRANSFER_LOSS: 'Lost in transfer',
};
