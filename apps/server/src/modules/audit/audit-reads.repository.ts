import type { AuditEventType } from '@app/contracts';
import type { TenantScope } from '../../platform/db/tenancy.js';

/**
 * Reads of the audit log, in plain SQL. The users' e-mail addresses and the business's time zone
 * are read from their tables here, not through access's users service: that service imports the
 * audit writer, so calling it from here would make a cycle. The benchmark's bare reference
 * (bench/audit) sends these same statements.
 */
export type AuditFilter = {
  userId?: string;
  eventType?: AuditEventType;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
};

export type AuditRow = {
  id: string;
  user_id: string | null;
  user_email: string | null;
  event_type: AuditEventType;
  description: string;
  created_at: Date;
};

type Statement = { name: string; text: string; values: unknown[] };

/**
 * The WHERE clause of a filter, always starting with the business. Each filter column is the
 * second column of one of audit.table.ts's indexes (business_id, user_id | event_type |
 * created_at, then created_at), so a page and its count walk one index newest first.
 */
function filterSql(businessId: string, filter: AuditFilter) {
  const values: unknown[] = [businessId];
  const where = ['a.business_id = $1'];
  const add = (condition: (n: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  if (filter.userId) add((n) => `a.user_id = ${n}`, filter.userId);
  if (filter.eventType) add((n) => `a.event_type = ${n}`, filter.eventType);
  if (filter.from) add((n) => `a.created_at >= ${n}`, filter.from);
  if (filter.to) add((n) => `a.created_at < ${n}`, filter.to);
  // One prepared statement per combination of filters (16 at most), so each keeps its own plan.
  const shape = ['userId', 'eventType', 'from', 'to'].map((key) =>
    filter[key as keyof AuditFilter] ? 1 : 0,
  );
  return { where: where.join(' and '), values, shape: shape.join('') };
}

const ENTRY_COLUMNS = 'a.id, a.user_id, a.event_type, a.description, a.created_at';
/** Newest first; entries of one transaction share created_at, so the id settles their order. */
const newestFirst = (alias: string) => `order by ${alias}.created_at desc, ${alias}.id desc`;

/**
 * One page and the total in one statement (one round trip).
 *
 * Not a plain OFFSET: ordering by (created_at, id) needs the table row of every entry skipped (id
 * is not in the created_at indexes), so page 1,000 would read 100,000 rows. Instead the
 * boundary, the created_at of the first entry of the page, is found by an index-only scan; the
 * count that the total needs anyway also counts the entries newer than the boundary, and the page
 * starts at the boundary, skipping only the entries of that same instant that came before it.
 * Only the page's rows are then joined with users.
 */
export function auditPageStatement(
  businessId: string,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Statement {
  const { where, values, shape } = filterSql(businessId, filter);
  const limit = `$${values.length + 1}`;
  const offset = `$${values.length + 2}`;
  return {
    name: `audit_page_${shape}`,
    text: `with boundary as (
        select a.created_at from audit_logs a where ${where} order by a.created_at desc offset ${offset} limit 1),
      counts as (
        select count(*)::int as total,
               (count(*) filter (where a.created_at > (select created_at from boundary)))::int as newer
        from audit_logs a where ${where}),
      page as (
        select ${ENTRY_COLUMNS} from audit_logs a
        where ${where} and a.created_at <= (select created_at from boundary)
        ${newestFirst('a')}
        limit ${limit} offset (select ${offset}::int - newer from counts))
      select p.id, p.user_id, u.email as user_email, p.event_type, p.description, p.created_at, c.total
      from counts c
      left join page p on true
      left join users u on u.id = p.user_id
      ${newestFirst('p')}`,
    values: [...values, page.limit, page.offset],
  };
}

export async function findAuditPage(
  scope: TenantScope,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const result = await scope.tx.$client.query<AuditRow & { id: string | null; total: number }>(
    auditPageStatement(scope.businessId, filter, page),
  );
  const total = result.rows[0]?.total ?? 0;
  return { rows: result.rows.filter((row): row is AuditRow & { total: number } => row.id !== null), total };
}

/**
 * Whether the id names someone whose log this business may read: a user of the business, or
 * anyone with entries in its log (a user whose account was deleted keeps their history).
 */
export const AUDIT_SUBJECT_SQL = `select exists (select 1 from users where id = $2 and business_id = $1)
    or exists (select 1 from audit_logs where business_id = $1 and user_id = $2) as known`;

export async function isAuditSubject(scope: TenantScope, userId: string): Promise<boolean> {
  const result = await scope.tx.$client.query<{ known: boolean }>({
    name: 'audit_subject',
    text: AUDIT_SUBJECT_SQL,
    values: [scope.businessId, userId],
  });
  return result.rows[0]?.known === true;
}

/** The rows of an export, newest first, at most `limit` (the caller asks one more than it takes). */
export async function findAuditRows(
  scope: TenantScope,
  filter: AuditFilter,
  limit: number,
): Promise<AuditRow[]> {
  const { where, values } = filterSql(scope.businessId, filter);
  const result = await scope.tx.$client.query<AuditRow>(
    `select ${ENTRY_COLUMNS}, u.email as user_email
     from (select * from audit_logs a where ${where}
           ${newestFirst('a')}
           limit $${values.length + 1}) a
     left join users u on u.id = a.user_id
     ${newestFirst('a')}`,
    [...values, limit],
  );
  return result.rows;
}

/** The IANA time zone the business reads its days in (DESIGN 13); UTC if the row is gone. */
export async function findBusinessTimeZone(scope: TenantScope): Promise<string> {
  const result = await scope.tx.$client.query<{ time_zone: string }>(
    'select time_zone from businesses where id = $1',
    [scope.businessId],
  );
  return result.rows[0]?.time_zone ?? 'UTC';
}
