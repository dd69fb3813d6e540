/** What each Users call shows when the server gives neither `message` nor `error` (000 section 8). */
export const ACCESS_ERRORS = {
  list: 'Failed to fetch business users!',
  total: 'Failed to fetch total worker count',
  create: 'Failed to create user!',
  assignRoles: 'Failed to assign roles!',
  removeRoles: 'Failed to remove roles!',
  disable: 'Failed to disable user!',
  /** The specification names no text for these: its generic one. */
  enable: 'An error occurred',
  delete: 'An error occurred',
  resendInvitation: 'An error occurred',
  locations: 'Failed to fetch locations',
} as const;

export const ACCESS_SUCCESS = {
  create: 'Invitation sent',
  assignRoles: 'Roles saved',
  removeRoles: 'Role removed',
  disable: 'User disabled',
  enable: 'User enabled',
  delete: 'User deleted',
  resendInvitation: 'Invitation sent again',
} as const;
