import type { Role, TUserRoles } from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant } from '../../platform/db/tenancy.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { assertWithinLimit, getPlan } from '../plans/plans.service.js';
import type { AccessDeps } from './access.deps.js';
import { checkRoleChange, isOwner, lastOwnerConflict, roleListText, sameRoles } from './member-rules.js';
import { lockBusinessAndMember, userNotFound } from './members.js';
import { countActingOwnersBesides, saveRoles } from './user-writes.repository.js';
import { countStaff, findUserById } from './users.repository.js';

export async function getUserRoles(deps: AccessDeps, principal: Principal, id: string): Promise<TUserRoles> {
  return inTenant(deps.db, principal, async (scope) => {
    const user = await findUserById(scope.tx, id);
    if (!user || user.businessId !== scope.businessId) throw userNotFound();
    return { userId: user.id, roles: user.roles as Role[] };
  });
}

/** `PUT /{id}/roles`: the list replaces the member's roles. */
export async function assignRoles(
  deps: AccessDeps,
  principal: Principal,
  id: string,
  roles: Role[],
): Promise<TUserRoles> {
  return changeRoles(deps, principal, id, () => roles, 'Choose at least one role.');
}

/** `PUT /{id}/roles/remove`: the given roles are taken away; at least one must remain. */
export async function removeRoles(
  deps: AccessDeps,
  principal: Principal,
  id: string,
  roles: Role[],
): Promise<TUserRoles> {
  return changeRoles(
    deps,
    principal,
    id,
    (current) => current.filter((role) => !roles.includes(role)),
    'A user keeps at least one role: assign another role before removing the last one.',
  );
}

/**
 * The rules of member-rules.ts, then the change. A change ends the member's sessions at once
 * (`token_version`): the next sign-in carries the new roles. An owner who loses the owner role
 * becomes staff, so the plan's staff limit applies as to a new staff member.
 */
async function changeRoles(
  deps: AccessDeps,
  principal: Principal,
  id: string,
  next: (current: Role[]) => Role[],
  emptyMessage: string,
): Promise<TUserRoles> {
  return inTenant(deps.db, principal, async (scope) => {
    const { business, member } = await lockBusinessAndMember(scope, id);
    const current = member.roles as Role[];
    const roles = next(current);
    checkRoleChange(principal, member, roles, emptyMessage);
    if (sameRoles(current, roles)) return { userId: id, roles: current };
    if (isOwner(current) && !isOwner(roles)) {
      if ((await countActingOwnersBesides(scope.tx, scope.businessId, id)) === 0)
        throw lastOwnerConflict(member, 'take the owner role away');
      const plan = await getPlan(scope.tx, business.planId);
      assertWithinLimit(plan, 'staffUsers', await countStaff(scope.tx, scope.businessId), 'staff users');
    }
    const row = await saveRoles(scope.tx, id, roles);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'ACCESS_ADJUSTED',
      description: `Changed the roles of ${member.fullName} from ${roleListText(current)} to ${roleListText(roles)}.`,
    });
    return { userId: id, roles: row.roles as Role[] };
  });
}
