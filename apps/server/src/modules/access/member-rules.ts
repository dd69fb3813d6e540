import { isPermitted, roleLabel, type Permission, type Role } from '@app/contracts';
import { AppError, fieldError } from '../../platform/http/app-error.js';

/*
 * The rules of managing the members of a business (000 section 7 "Users", issue 10), without
 * the database: who may act on whom, and which role lists are allowed. The services load and
 * lock the rows, then ask these.
 */

export const OWNER_ROLE: Role = 'ROLE_BUSINESS_OWNER';

export type Actor = { userId: string; roles: readonly string[] };
export type Member = { id: string; fullName: string; roles: readonly string[] };

export const isOwner = (roles: readonly string[]) => roles.includes(OWNER_ROLE);

/**
 * Acting on your own account needs no permission; acting on another member needs `permission`.
 * Checked before any lookup, as the guard checks a route's permission: a refusal tells nothing
 * about the id.
 */
export function assertMayActOn(actor: Actor & { roles: Role[] }, id: string, permission: Permission): void {
  if (actor.userId !== id && !isPermitted(actor.roles, permission)) {
    throw new AppError('FORBIDDEN', 'Your role does not allow this action.');
  }
}

/**
 * Only an owner manages an owner: an admin who could disable, delete, re-role or re-address the
 * owner (a new e-mail, then a password reset) could take the business over.
 */
export function assertMayManage(actor: Actor, member: Member): void {
  if (actor.userId !== member.id && isOwner(member.roles) && !isOwner(actor.roles)) {
    throw new AppError('FORBIDDEN', `Only an owner can change the account of ${member.fullName}, an owner.`);
  }
}

/** `lastOwner`: the member is an owner and no other owner of the business can act. */
export function lastOwnerConflict(member: Member, action: string): AppError {
  return new AppError(
    'CONFLICT',
    `${member.fullName} is the last owner of the business, so nobody can ${action}. Give another person the owner role first.`,
  );
}

export function ownAccountOwnerConflict(businessName: string): AppError {
  return new AppError(
    'CONFLICT',
    `You own ${businessName}. Delete the business in Business Profile first, or give another person the owner role.`,
  );
}

/**
 * Checks a new role list for `member`, as `actor` would set it: 403 for your own roles, for an
 * owner's roles changed by a non-owner and for the owner role given or taken by a non-owner; 400
 * for an empty list (`emptyMessage` says why in the words of the call).
 */
export function checkRoleChange(
  actor: Actor,
  member: Member,
  next: readonly Role[],
  emptyMessage: string,
): void {
  if (actor.userId === member.id) {
    throw new AppError(
      'FORBIDDEN',
      'You cannot change your own roles. Ask another owner or an administrator to do it.',
    );
  }
  assertMayManage(actor, member);
  if (isOwner(member.roles) !== isOwner(next) && !isOwner(actor.roles)) {
    throw new AppError('FORBIDDEN', 'Only an owner can give or take the owner role.');
  }
  if (next.length === 0) throw fieldError('roles', emptyMessage);
}

export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}

/**
 * The roles as the audit description names them, with the labels the screens show ("Inventory
 * admin", not ROLE_INVENTORY_ADMIN); "none" for an empty list: "from none to ...".
 */
export function roleListText(roles: readonly string[]): string {
  return roles.length ? roles.map(roleLabel).join(', ') : 'none';
}
