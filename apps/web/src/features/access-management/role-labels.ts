import { ROLE_GROUPS, type Role, type RoleGroup, type UserStatus } from '@app/contracts';

// The label function is shared with the server, whose audit descriptions name roles the same way.
export { roleLabel } from '@app/contracts';

export const ROLE_GROUP_LABELS: Record<RoleGroup, string> = {
  BUSINESS: 'Business',
  PRODUCT: 'Products',
  INVENTORY: 'Inventory',
  LOYALTY: 'Loyalty',
  ANALYTICS: 'Analytics',
};

export type RoleGroupChoice = { group: RoleGroup; label: string; roles: readonly Role[] };

/**
 * The role groups of 000 section 6 as the invite and assign dialogs offer them. The owner role is
 * offered only when asked for (assigning, by an owner): an invitation never makes an owner.
 */
export function getRoleGroupChoices(canGrantOwner: boolean): RoleGroupChoice[] {
  return (Object.keys(ROLE_GROUPS) as RoleGroup[]).map((group) => ({
    group,
    label: ROLE_GROUP_LABELS[group],
    roles: ROLE_GROUPS[group].filter((role) => canGrantOwner || role !== 'ROLE_BUSINESS_OWNER'),
  }));
}

export const STATUS_LABELS: Record<UserStatus, string> = {
  ACTIVE: 'Active',
  INVITED: 'Invited',
  DISABLED: 'Disabled',
};
