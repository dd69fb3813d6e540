/** What each cycle-count call shows when the server gives neither `message` nor `error`. */
export const CYCLE_COUNT_ERRORS = {
  list: 'Failed to fetch cycle counts',
  read: 'Failed to fetch the count sheet',
  create: 'Failed to start the count',
  counts: 'Failed to save counts',
  review: 'Failed to review the lines',
  complete: 'Failed to complete the count',
  cancel: 'Failed to cancel the count',
  categories: 'Failed to fetch categories',
  products: 'Failed to fetch products',
  barcode: 'No product with this SKU or barcode on this sheet',
} as const;

export const CYCLE_COUNT_SUCCESS = {
  create: 'Count started',
  counts: 'Counts saved',
  accept: 'Lines accepted',
  recount: 'Lines sent back for recount',
  complete: 'Count completed',
  cancel: 'Count cancelled',
} as const;
