import { DEFAULT_ERROR_MESSAGE } from '../../api/api-error';

/**
 * What each warehouse call shows when the server gives neither `message` nor `error` (001
 * section 8, Warehouses; the calls it names no text for get the general one). The free locations
 * for the form come from the locations calls, whose text is "Failed to fetch locations".
 */
export const WAREHOUSE_ERRORS = {
  list: DEFAULT_ERROR_MESSAGE,
  locations: 'Failed to fetch locations',
  create: DEFAULT_ERROR_MESSAGE,
  update: DEFAULT_ERROR_MESSAGE,
  delete: DEFAULT_ERROR_MESSAGE,
  reactivate: 'Failed to reactivate warehouse',
  discontinue: 'Failed to discontinue warehouse',
} as const;

export const WAREHOUSE_SUCCESS = {
  create: 'Warehouse added',
  update: 'Warehouse updated',
  delete: 'Warehouse deleted',
  reactivate: 'Warehouse reactivated',
  discontinue: 'Warehouse discontinued',
} as const;
