/**
 * The texts of the Till tab. The specification shows no till, so the fallbacks follow its
 * "Failed to ..." form; they show only when a failed call carries neither a `message` nor an
 * `error`.
 */
export const TILL_MESSAGES = {
  stores: 'Failed to fetch stores',
  lookup: 'Failed to look up the product',
  record: 'Failed to record the sale',
  sales: 'Failed to fetch sales',
  sale: 'Failed to fetch the sale',
  refund: 'Failed to refund the sale',
  member: 'Failed to find the loyalty member',
} as const;

export const TILL_SUCCESS = {
  recorded: (total: string) => `Sale recorded: ${total}`,
  refunded: (total: string) => `Refund recorded: ${total}`,
} as const;

export const SCAN_LABEL = 'Scan or type a barcode or SKU';
export const EMPTY_BASKET_TEXT = 'Scan a product to start a sale.';
export const NO_STORES_TEXT = 'A sale is recorded at a store: add one first.';
export const NO_SALES_TEXT = 'No sales at this store yet. Record one with the till above.';
export const STORE_LOCKED_HINT = 'Record or clear the sale to change the store.';

/** The server's own words for a code it does not sell; shown when a 404 comes without them. */
export const unknownCode = (code: string, storeName: string) =>
  `No product with the code ${code} at ${storeName}.`;

export const NOT_A_MEMBER_TEXT = 'Not a loyalty member';
export const NOT_A_MEMBER_HINT = 'The sale records with the reference; no points are earned.';
