/** What each supplier call shows when the server gives neither `message` nor `error` (001 section 8). */
export const SUPPLIER_ERRORS = {
  list: 'Failed to fetch suppliers',
  create: 'Failed to add supplier',
  update: 'Failed to update supplier',
  delete: 'Failed to delete supplier',
  reactivate: 'Failed to reactivate supplier',
  discontinue: 'Failed to discontinue supplier',
} as const;

export const SUPPLIER_SUCCESS = {
  create: 'Supplier added',
  update: 'Supplier updated',
  delete: 'Supplier deleted',
  reactivate: 'Supplier reactivated',
  discontinue: 'Supplier discontinued',
} as const;
