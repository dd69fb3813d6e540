import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { UserStatus } from '@app/contracts';
import { toContainsPattern } from '../../platform/db/list-paging.js';
import type { Tx } from '../../platform/db/tenancy.js';
import { users } from './users.table.js';
import type { UserRow } from './users.repository.js';

/*
 * The member lists of Access Management and the audit screen's user search. Every query names
 * the business (users is a global table) and leaves deleted users out; pages are cut in SQL.
 */

const ofBusiness = (businessId: string) => and(eq(users.businessId, businessId), isNull(users.deletedAt));

/** `%text%` for LIKE on lower-cased columns, with the text's own `%`, `_` and `\` taken literally. */
const containing = (text: string) => toContainsPattern(text.toLowerCase());

const STATUS_CONDITION: Record<UserStatus, SQL> = {
  DISABLED: sql`${users.disabledAt} is not null`,
  INVITED: sql`${users.disabledAt} is null and ${users.passwordHash} is null`,
  ACTIVE: sql`${users.disabledAt} is null and ${users.passwordHash} is not null`,
};

export async function findMembersAtLocation(
  tx: Tx,
  businessId: string,
  locationId: string,
): Promise<UserRow[]> {
  return tx
    .select()
    .from(users)
    .where(and(ofBusiness(businessId), eq(users.locationId, locationId)))
    .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id));
}

export async function findMemberIds(tx: Tx, businessId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(ofBusiness(businessId))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((row) => row.id);
}

export async function pageMembers(
  tx: Tx,
  businessId: string,
  query: { search?: string | undefined; status?: UserStatus | undefined; page: number; size: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const search = query.search
    ? sql`(lower(${users.fullName}) like ${containing(query.search)} or lower(${users.email}) like ${containing(query.search)})`
    : undefined;
  const where = and(
    ofBusiness(businessId),
    search,
    query.status ? STATUS_CONDITION[query.status] : undefined,
  );
  const rows = await tx
    .select()
    .from(users)
    .where(where)
    .orderBy(
      desc(sql`('ROLE_BUSINESS_OWNER' = any(${users.roles}))`),
      asc(sql`lower(${users.fullName})`),
      asc(users.id),
    )
    .limit(query.size)
    .offset(query.page * query.size);
  return { rows, total: await countWhere(tx, where) };
}

export async function pageMembersByEmail(
  tx: Tx,
  businessId: string,
  query: { partialEmail: string; page: number; size: number },
): Promise<{ rows: Array<{ userId: string; fullName: string; email: string }>; total: number }> {
  const where = and(
    ofBusiness(businessId),
    sql`lower(${users.email}) like ${containing(query.partialEmail)}`,
  );
  const rows = await tx
    .select({ userId: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.email})`), asc(users.id))
    .limit(query.size)
    .offset(query.page * query.size);
  return { rows, total: await countWhere(tx, where) };
}

async function countWhere(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return row?.count ?? 0;
}
