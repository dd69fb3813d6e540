import type { TBusinessUser } from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import type { AccessDeps } from './access.deps.js';
import {
  assertMayActOn,
  assertMayManage,
  isOwner,
  lastOwnerConflict,
  ownAccountOwnerConflict,
} from './member-rules.js';
import { answerMember, lockBusinessAndMember, removeImages } from './members.js';
import { anonymiseUser, countActingOwnersBesides, saveDisabled } from './user-writes.repository.js';

/**
 * Disables or enables a member (not yourself). Disabling ends the member's sessions at once:
 * `token_version` moves, so the session check refuses the old access token and renewal refuses
 * the refresh token. The last owner who can act cannot be disabled.
 */
export async function setUserDisabled(
  deps: AccessDeps,
  principal: Principal,
  id: string,
  isDisabled: boolean,
): Promise<TBusinessUser> {
  if (principal.userId === id) {
    throw new AppError(
      'FORBIDDEN',
      isDisabled ? 'You cannot disable your own account.' : 'You cannot enable your own account.',
    );
  }
  return inTenant(deps.db, principal, async (scope) => {
    const { business, member } = await lockBusinessAndMember(scope, id);
    assertMayManage(principal, member);
    if (isDisabled === Boolean(member.disabledAt)) return answerMember(member, business);
    if (isDisabled && isOwner(member.roles)) {
      if ((await countActingOwnersBesides(scope.tx, scope.businessId, id)) === 0)
        throw lastOwnerConflict(member, 'disable this account');
    }
    const row = await saveDisabled(scope.tx, id, isDisabled);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'ACCESS_ADJUSTED',
      description: `${isDisabled ? 'Disabled' : 'Enabled'} the account of ${member.fullName}.`,
    });
    return answerMember(row, business);
  });
}

/**
 * Deletes an account: your own (Profile "Delete Account"), or a member's with `users:delete`.
 * The row is anonymised, never deleted, so audit entries keep their user id; every token and link
 * of the user ends. An owner leaves only while another owner can act; the picture goes after
 * commit.
 */
export async function deleteUser(deps: AccessDeps, principal: Principal, id: string): Promise<void> {
  assertMayActOn(principal, id, 'users:delete');
  const isSelf = principal.userId === id;
  const picture = await inTenant(deps.db, principal, async (scope) => {
    const { business, member } = await lockBusinessAndMember(scope, id);
    assertMayManage(principal, member);
    if (isOwner(member.roles) && (await countActingOwnersBesides(scope.tx, scope.businessId, id)) === 0) {
      throw isSelf ? ownAccountOwnerConflict(business.businessName) : lastOwnerConflict(member, 'delete it');
    }
    await anonymiseUser(scope.tx, id);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'USER_DELETION',
      // The id, not the name: the name was personal data, and it is gone from the row too.
      description: isSelf ? 'Deleted their own account.' : `Deleted the account of user ${id}.`,
    });
    return member.picture;
  });
  await removeImages(deps, [picture]);
}
