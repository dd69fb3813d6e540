import type { TBusinessUser } from '@app/contracts';
import { IMAGE_CONTAINER } from '../../platform/blobs/blob-storage.js';
import type { TenantScope } from '../../platform/db/tenancy.js';
import { AppError, notFound } from '../../platform/http/app-error.js';
import type { AccessDeps } from './access.deps.js';
import { findBusiness, lockBusiness, type BusinessRow } from './businesses.repository.js';
import { toBusinessUser } from './user-mapper.js';
import { lockMember } from './user-writes.repository.js';
import type { UserRow } from './users.repository.js';

/** What the member-management services share: loading the member, answering it, cleaning up. */

export const userNotFound = () => notFound('The user');

/**
 * The business row, locked, then the member, locked: every call that may take the last owner
 * away takes the locks in this order, so two of them at once queue instead of both passing.
 */
export async function lockBusinessAndMember(
  scope: TenantScope,
  id: string,
): Promise<{ business: BusinessRow; member: UserRow }> {
  const business = await lockBusiness(scope);
  if (!business) throw new AppError('NOT_FOUND', 'The business was not found.');
  const member = await lockMember(scope.tx, scope.businessId, id);
  if (!member) throw userNotFound();
  return { business, member };
}

export async function requireLockedMember(scope: TenantScope, id: string): Promise<UserRow> {
  const member = await lockMember(scope.tx, scope.businessId, id);
  if (!member) throw userNotFound();
  return member;
}

export function answerMember(row: UserRow, business: BusinessRow | undefined): TBusinessUser {
  return toBusinessUser(
    row,
    business ? { businessName: business.businessName, description: business.description } : null,
  );
}

export async function answerMemberOf(scope: TenantScope, row: UserRow): Promise<TBusinessUser> {
  return answerMember(row, await findBusiness(scope));
}

/** Best effort, after commit: a blob left behind costs storage, never correctness. */
export async function removeImages(deps: AccessDeps, names: ReadonlyArray<string | null>): Promise<void> {
  for (const name of names) {
    if (!name) continue;
    await deps.blobs.remove(IMAGE_CONTAINER, name).catch((error: unknown) => {
      deps.log.warn({ err: error, blob: name }, 'could not remove a profile picture');
    });
  }
}
