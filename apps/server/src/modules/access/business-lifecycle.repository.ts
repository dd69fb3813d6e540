import { and, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/db/tenancy.js';
import type { BusinessRow, NewBusinessRow } from './businesses.repository.js';
import { businesses } from './businesses.table.js';
import { users } from './users.table.js';

export type BusinessChanges = Partial<
  Pick<
    NewBusinessRow,
    | 'businessName'
    | 'registrationNumber'
    | 'businessEmail'
    | 'businessPhoneNumber'
    | 'websiteUrl'
    | 'industryType'
    | 'description'
    | 'timeZone'
    | 'currency'
    | 'street'
    | 'city'
    | 'state'
    | 'postalCode'
    | 'country'
    | 'logoUrl'
    | 'active'
  >
>;

/** Changes the scope's business (the fields given, nothing else) and answers it as it is now. */
export async function updateBusinessRow(scope: TenantScope, changes: BusinessChanges): Promise<BusinessRow> {
  const [row] = await scope.tx
    .update(businesses)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(businesses.id, scope.businessId))
    .returning();
  if (!row) throw new Error('update of businesses returned no row');
  return row;
}

/**
 * Ends every session of the business's members who are not owners, at once: their tokens carry
 * the old version, which the session check and the refresh refuse (closing the business).
 */
export async function endStaffSessions(scope: TenantScope): Promise<void> {
  await scope.tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(users.businessId, scope.businessId), sql`not ('ROLE_BUSINESS_OWNER' = any(${users.roles}))`),
    );
}

/**
 * Every row of the business, in every table with a business_id, and the business itself; staff
 * anonymised, owners detached (migration 0012, app_delete_business, which checks that the
 * transaction's user is an owner of the transaction's business).
 */
export async function deleteBusinessData(scope: TenantScope): Promise<void> {
  await scope.tx.$client.query('select app_delete_business($1)', [scope.businessId]);
}
