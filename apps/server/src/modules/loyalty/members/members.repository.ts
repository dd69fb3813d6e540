import { toContainsPattern } from '../../../platform/db/list-paging.js';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { MEMBER_COLUMNS, type MemberRow } from '../points/points.repository.js';

/**
 * The members' details (`loyalty_members`). Balances change only through the points ledger
 * (points.service.ts); this file never writes `points` or `lifetime_points`.
 */

export type MemberSort = 'name' | 'points' | 'newest';
export type MemberFilter = { search: string | undefined };
export type MemberDetails = {
  name: string | null;
  email: string | null;
  phone: string | null;
  cardCode: string;
};

/**
 * Each sort is a total order (the card code and the id are unique in the business), so pages
 * neither repeat nor skip a member; each matches an index of (business_id, ...).
 */
const ORDER_BY: Record<MemberSort, string> = {
  name: 'name asc nulls last, card_code asc',
  // As the indexes sort (migration 0020), so a page is read from the index in order.
  points: 'points desc nulls last, card_code asc',
  newest: 'created_at desc nulls last, id desc nulls last',
};

function whereOf(scope: TenantScope, filter: MemberFilter): { where: string; values: unknown[] } {
  if (filter.search === undefined) return { where: 'business_id = $1', values: [scope.businessId] };
  return {
    where: `business_id = $1 and (name ilike $2 or email ilike $2 or phone ilike $2 or card_code ilike $2)`,
    values: [scope.businessId, toContainsPattern(filter.search)],
  };
}

/** One page of members in the sort's order, limited in SQL. */
export async function findMembersPage(
  scope: TenantScope,
  filter: MemberFilter,
  sort: MemberSort,
  page: { limit: number; offset: number },
): Promise<MemberRow[]> {
  const { where, values } = whereOf(scope, filter);
  const result = await scope.tx.$client.query<MemberRow>(
    `select ${MEMBER_COLUMNS} from loyalty_members where ${where}
     order by ${ORDER_BY[sort]} limit $${values.length + 1} offset $${values.length + 2}`,
    [...values, page.limit, page.offset],
  );
  return result.rows;
}

export async function countMembers(scope: TenantScope, filter: MemberFilter): Promise<number> {
  const { where, values } = whereOf(scope, filter);
  const result = await scope.tx.$client.query<{ total: number }>(
    `select count(*)::int as total from loyalty_members where ${where}`,
    values,
  );
  return result.rows[0]?.total ?? 0;
}

export async function findMember(scope: TenantScope, id: string): Promise<MemberRow | undefined> {
  const result = await scope.tx.$client.query<MemberRow>(
    `select ${MEMBER_COLUMNS} from loyalty_members where business_id = $1 and id = $2`,
    [scope.businessId, id],
  );
  return result.rows[0];
}

/**
 * Inserts the member; undefined when the card code is taken (the unique index decides, so two
 * creations at once cannot both pass). A taken e-mail or phone is a unique violation.
 */
export async function insertMember(
  scope: TenantScope,
  id: string,
  details: MemberDetails,
): Promise<MemberRow | undefined> {
  const result = await scope.tx.$client.query<MemberRow>(
    `insert into loyalty_members (business_id, id, name, email, phone, card_code)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (business_id, card_code) do nothing
     returning ${MEMBER_COLUMNS}`,
    [scope.businessId, id, details.name, details.email, details.phone, details.cardCode],
  );
  return result.rows[0];
}

/**
 * Sets the details given (an undefined one keeps its value) and locks the row to the end of the
 * transaction. Undefined when the business has no such member.
 */
export async function updateMember(
  scope: TenantScope,
  id: string,
  details: Partial<MemberDetails>,
): Promise<MemberRow | undefined> {
  const columns = { name: 'name', email: 'email', phone: 'phone', cardCode: 'card_code' } as const;
  const values: unknown[] = [scope.businessId, id];
  const sets = ['updated_at = now()'];
  for (const key of Object.keys(columns) as Array<keyof MemberDetails>) {
    if (details[key] === undefined) continue;
    values.push(details[key]);
    sets.push(`${columns[key]} = $${values.length}`);
  }
  const result = await scope.tx.$client.query<MemberRow>(
    `update loyalty_members set ${sets.join(', ')} where business_id = $1 and id = $2
     returning ${MEMBER_COLUMNS}`,
    values,
  );
  return result.rows[0];
}
