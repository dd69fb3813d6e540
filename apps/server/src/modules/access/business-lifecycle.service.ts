import { randomUUID } from 'node:crypto';
import type { Role, TBusiness, TDeleteBusinessRequest } from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { IMAGE_CONTAINER, businessBlobPrefix } from '../../platform/blobs/blob-storage.js';
import { inNewTenant, inTenant } from '../../platform/db/tenancy.js';
import { assertSessionHoldsIn } from '../../platform/db/session-check.js';
import { AppError, fieldError, notFound } from '../../platform/http/app-error.js';
import type { AccessDeps } from './access.deps.js';
import { deleteBusinessData, endStaffSessions, updateBusinessRow } from './business-lifecycle.repository.js';
import { assertOwnBusiness } from './business-profile.service.js';
import { findBusiness, lockBusiness } from './businesses.repository.js';
import { toBusiness } from './businesses.service.js';
import type { UserRow } from './users.repository.js';

export const BUSINESS_CLOSED = 'This business is closed. Ask its owner to reactivate it.';

/**
 * Closes the business: staff can no longer sign in (login), and their sessions end now (their
 * token version moves on, so the session check and the refresh refuse what they hold). Owners go
 * on as before; the web shows them a reactivate banner. Closing a closed business changes nothing.
 */
export async function closeBusiness(deps: AccessDeps, principal: Principal, id: string): Promise<TBusiness> {
  return setActive(deps, principal, id, false);
}

/** Opens a closed business again: its staff may sign in again. An open one is answered as it is. */
export async function activateBusiness(
  deps: AccessDeps,
  principal: Principal,
  id: string,
): Promise<TBusiness> {
  return setActive(deps, principal, id, true);
}

async function setActive(
  deps: AccessDeps,
  principal: Principal,
  id: string,
  active: boolean,
): Promise<TBusiness> {
  assertOwnBusiness(principal, id);
  return inTenant(deps.db, principal, async (scope) => {
    const current = await lockBusiness(scope);
    if (!current) throw notFound('The business');
    // An owner demoted while this waited for the lock acts no more (see lockBusinessAndMember).
    await assertSessionHoldsIn(scope.tx, principal);
    if (current.active === active) return toBusiness(current);
    const row = await updateBusinessRow(scope, { active });
    if (!active) await endStaffSessions(scope);
    return toBusiness(row);
  });
}

/**
 * Sign-in of a member of a closed business: refused unless an owner. Called once the password
 * proved the account, so reading its business in a transaction of that business tells nobody
 * anything new. A close committed after this read still ends the session it starts: the token
 * version read with the account is the old one.
 */
export async function assertBusinessOpenFor(deps: AccessDeps, user: UserRow): Promise<void> {
  if (!user.businessId || user.roles.includes('ROLE_BUSINESS_OWNER')) return;
  const member: Principal = {
    userId: user.id,
    businessId: user.businessId,
    roles: user.roles as Role[],
    tokenVersion: user.tokenVersion,
    tokenId: randomUUID(),
    expiresAt: deps.clock.now(),
  };
  const business = await inNewTenant(deps.db, member, user.businessId, (scope) => findBusiness(scope));
  if (business && !business.active) throw new AppError('ACCOUNT_DISABLED', BUSINESS_CLOSED);
}

/**
 * Deletes the business for good once its owner typed its name: every row of every table that
 * carries its business_id, in one transaction (migration 0012, app_delete_business); staff
 * accounts anonymised, owners detached (they set up a business again at their next sign-in),
 * everyone's sessions ended. The blobs under its prefix go after commit: a failure there leaves
 * files nobody can reach, never a business without its files.
 */
export async function deleteBusiness(
  deps: AccessDeps,
  principal: Principal,
  id: string,
  input: TDeleteBusinessRequest,
): Promise<void> {
  assertOwnBusiness(principal, id);
  await inTenant(deps.db, principal, async (scope) => {
    const business = await lockBusiness(scope);
    if (!business) throw notFound('The business');
    if (input.businessName.trim() !== business.businessName.trim()) {
      throw fieldError(
        'businessName',
        `The name you typed is not the name of this business. Type "${business.businessName}" to delete it.`,
      );
    }
    await deps.cancelSubscriptionOfDeletedBusiness(scope);
    await deleteBusinessData(scope);
  });
  await deps.blobs.removeAll(IMAGE_CONTAINER, businessBlobPrefix(id)).catch((error: unknown) => {
    deps.log.warn({ err: error, businessId: id }, 'could not remove the files of a deleted business');
  });
}
