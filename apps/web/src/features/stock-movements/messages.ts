/**
 * The texts of the Movements tab. 001 section 8 names one fallback ('Failed to fetch weekly
 * stock movement'); the others follow the same "Failed to ..." form and show only when a failed
 * call carries neither a `message` nor an `error`.
 */
export const MOVEMENT_MESSAGES = {
  fetch: 'Failed to fetch stock movements',
  fetchOne: 'Failed to fetch the stock movement',
  fetchSkus: 'Failed to fetch SKU suggestions',
  create: 'Failed to create stock movement',
  validateSource: 'Failed to validate the movement at the source',
  validateDestination: 'Failed to validate the movement at the destination',
  batchValidateSource: 'Failed to validate the batch at the source',
  batchValidateDestination: 'Failed to validate the batch at the destination',
  cancel: 'Failed to cancel stock movement',
  batchCancel: 'Failed to cancel the stock movements',
  upload: 'Bulk upload failed!',
  templateExcel: 'Failed to download the Excel template',
  templateCsv: 'Failed to download the CSV template',
  document: 'Failed to download the transfer document',
  weekly: 'Failed to fetch weekly stock movement',
} as const;

export const MOVEMENT_SUCCESS = {
  created: 'Stock movement created',
  batchCreated: (count: number) => `Batch of ${count} movements created`,
  uploaded: (count: number) => `${count} ${count === 1 ? 'movement' : 'movements'} created from the sheet`,
  leftSource: (destination: string) => `The stock is on its way to ${destination}.`,
  arrived: (destination: string) => `The stock arrived at ${destination}.`,
  batchLeftSource: 'The batch is on its way.',
  batchArrived: 'The batch arrived.',
  cancelled: 'Stock movement cancelled',
  batchCancelled: (count: number) => `${count} ${count === 1 ? 'movement' : 'movements'} cancelled`,
  codeCopied: (end: string) => `${end} code copied`,
  documentSaved: (fileName: string) => `Transfer document saved as ${fileName}`,
} as const;

export const EMPTY_MOVEMENTS_TEXT =
  'No stock movements yet. Move stock from a warehouse to a store with New movement.';
export const NO_MATCHING_MOVEMENTS_TEXT = 'No stock movements match these filters.';
export const LOCKED_HINT =
  'Too many wrong codes locked this movement. An inventory administrator must cancel it; then create a new movement.';
export const CODES_ONCE_TEXT =
  'These codes are shown only now and will not be shown again. Print the transfer document or write them down before you close this window.';
export const COPY_FAILED_TEXT = 'The browser did not allow copying. Select the code and copy it by hand.';
