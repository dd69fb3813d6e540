import {
  toPage,
  type TBusinessUser,
  type TBusinessUserPage,
  type TUserSuggestionPage,
  type TWorkerTotal,
  type UserStatus,
} from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant } from '../../platform/db/tenancy.js';
import { notFound } from '../../platform/http/app-error.js';
import { requireLocation } from '../product/locations/locations.service.js';
import type { AccessDeps } from './access.deps.js';
import { findBusiness } from './businesses.repository.js';
import { answerMember } from './members.js';
import {
  findMemberIds,
  findMembersAtLocation,
  pageMembers,
  pageMembersByEmail,
} from './user-lists.repository.js';
import { countStaff } from './users.repository.js';

/** Members assigned to a location of the business; another business's location is 404. */
export async function listUsersAtLocation(
  deps: AccessDeps,
  principal: Principal,
  locationId: string,
): Promise<TBusinessUser[]> {
  return inTenant(deps.db, principal, async (scope) => {
    await requireLocation(scope, locationId);
    const business = await findBusiness(scope);
    const rows = await findMembersAtLocation(scope.tx, scope.businessId, locationId);
    return rows.map((row) => answerMember(row, business));
  });
}

/** Ids of the business's members, oldest first. `businessId` must be the caller's: else 404. */
export async function listUserIds(
  deps: AccessDeps,
  principal: Principal,
  businessId: string | null = null,
): Promise<string[]> {
  if (businessId !== null && businessId !== principal.businessId) throw notFound('The business');
  return inTenant(deps.db, principal, (scope) => findMemberIds(scope.tx, scope.businessId));
}

/** The worker count of Access Management: members besides owners, disabled ones included. */
export async function countWorkers(deps: AccessDeps, principal: Principal): Promise<TWorkerTotal> {
  return inTenant(deps.db, principal, async (scope) => ({
    total: await countStaff(scope.tx, scope.businessId),
  }));
}

export async function pageBusinessUsers(
  deps: AccessDeps,
  principal: Principal,
  query: { search?: string | undefined; status?: UserStatus | undefined; page: number; size: number },
): Promise<TBusinessUserPage> {
  return inTenant(deps.db, principal, async (scope) => {
    const business = await findBusiness(scope);
    const search = query.search?.trim() ? query.search.trim() : undefined;
    const { rows, total } = await pageMembers(scope.tx, scope.businessId, { ...query, search });
    return toPage(
      rows.map((row) => answerMember(row, business)),
      query,
      total,
    );
  });
}

/** The audit screen's suggestions: members whose address contains the text, by address. */
export async function searchUsersByEmail(
  deps: AccessDeps,
  principal: Principal,
  query: { partialEmail: string; page: number; size: number },
): Promise<TUserSuggestionPage> {
  return inTenant(deps.db, principal, async (scope) => {
    const { rows, total } = await pageMembersByEmail(scope.tx, scope.businessId, query);
    return toPage(rows, query, total);
  });
}
