/**
 * What each call shows when the server gives neither `message` nor `error` (001 section 8,
 * Carrying containers; the store list follows the Stores row's "Failed to ... !" form).
 */
export const CONTAINER_ERRORS = {
  stores: 'Failed to fetch stores!',
  list: 'Failed to fetch carrying containers',
  create: 'Failed to add carrying container',
  update: 'Failed to update carrying container',
  delete: 'Failed to delete carrying container',
  reactivate: 'Failed to reactivate container',
  discontinue: 'Failed to discontinue container',
} as const;

export const CONTAINER_SUCCESS = {
  create: 'Carrying container added',
  update: 'Carrying container updated',
  delete: 'Carrying container deleted',
  reactivate: 'Carrying container reactivated',
  discontinue: 'Carrying container discontinued',
} as const;
