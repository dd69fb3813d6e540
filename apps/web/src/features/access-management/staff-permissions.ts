import { isPermitted, type TBusinessUser } from '@app/contracts';

export type Viewer = { userId: string | null; roles: readonly string[] };

export type RowPermissions = {
  canChangeRoles: boolean;
  /** Each chip's delete: a member keeps at least one role (the server refuses none). */
  canRemoveRole: boolean;
  canToggleStatus: boolean;
  canDelete: boolean;
  canResendInvitation: boolean;
};

const NONE: RowPermissions = {
  canChangeRoles: false,
  canRemoveRole: false,
  canToggleStatus: false,
  canDelete: false,
  canResendInvitation: false,
};

export function isOwner(roles: readonly string[]): boolean {
  return roles.includes('ROLE_BUSINESS_OWNER');
}

/**
 * What the signed-in person may do to a row, as the server decides it: nobody changes their own
 * roles or disables or deletes themselves, and only an owner acts on an owner.
 */
export function getRowPermissions(user: TBusinessUser, viewer: Viewer): RowPermissions {
  if (user.id === viewer.userId) return NONE;
  if (isOwner(user.roles) && !isOwner(viewer.roles)) return NONE;
  const canUpdate = isPermitted(viewer.roles, 'users:update');
  return {
    canChangeRoles: canUpdate,
    canRemoveRole: canUpdate && user.roles.length > 1,
    // An invitee can be disabled too (the server keeps the invitation), e.g. one who left early.
    canToggleStatus: canUpdate,
    canDelete: isPermitted(viewer.roles, 'users:delete'),
    canResendInvitation: isPermitted(viewer.roles, 'users:create') && user.status === 'INVITED',
  };
}
