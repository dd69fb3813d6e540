/**
 * What each call shows when the server gives neither `message` nor `error` (001 section 8). The
 * Stores row names "Failed to add store" and otherwise the form "Failed to ... !".
 */
export const STORE_ERRORS = {
  list: 'Failed to fetch stores!',
  create: 'Failed to add store',
  update: 'Failed to update store!',
  delete: 'Failed to delete store!',
  discontinue: 'Failed to discontinue store!',
  reactivate: 'Failed to reactivate store!',
  details: 'Failed to fetch store details!',
  toggleBasketWeight: 'Failed to toggle basket weight!',
  nearby: 'Failed to fetch nearby stores!',
} as const;

export const LOCATION_ERRORS = {
  list: 'Failed to fetch locations',
  create: 'An error occurred while adding the location',
  update: 'Failed to update location',
  delete: 'Failed to delete the location',
  reactivate: 'Failed to reactivate location',
  discontinue: 'Failed to discontinue location',
  registerReader: 'Failed to register POS reader',
} as const;

export const STORE_SUCCESS = {
  create: 'Store added',
  update: 'Store updated',
  delete: 'Store deleted',
  discontinue: 'Store discontinued',
  reactivate: 'Store reactivated',
  basketWeightOn: 'Basket weighing turned on',
  basketWeightOff: 'Basket weighing turned off',
  readerRegistered: 'Card reader registered',
} as const;

export const LOCATION_SUCCESS = {
  create: 'Location added',
  update: 'Location updated',
  delete: 'Location deleted',
  reactivate: 'Location reactivated',
  discontinue: 'Location discontinued',
} as const;
