import type { TenantScope } from '../../platform/db/tenancy.js';

/** Alerts and who read them (`alerts`, `alert_reads`). Store names are joined in plain SQL. */

export type AlertRow = {
  id: string;
  kind: string;
  title: string;
  message: string;
  severity: string;
  scope: string;
  storeId: string | null;
  storeName: string | null;
  roles: string[] | null;
  expiresAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const COLUMNS = `a.id, a.kind, a.title, a.message, a.severity, a.scope, a.store_id as "storeId",
  st.name as "storeName", a.roles, a.expires_at as "expiresAt", a.created_by as "createdBy",
  a.created_at as "createdAt", a.updated_at as "updatedAt"`;
const STORE_JOIN = 'left join stores st on st.business_id = a.business_id and st.id = a.store_id';
const READS = `(select count(*)::int from alert_reads r where r.business_id = a.business_id and r.alert_id = a.id)`;

export type AlertValues = {
  title: string;
  message: string;
  severity: string;
  scope: string;
  storeId: string | null;
  roles: string[] | null;
  expiresAt: Date | null;
};

export async function insertAlert(
  scope: TenantScope,
  alert: AlertValues & { id: string; kind: 'BROADCAST' | 'SYSTEM'; createdBy: string | null; now: Date },
): Promise<void> {
  await scope.tx.$client.query(
    `insert into alerts (business_id, id, kind, title, message, severity, scope, store_id, roles, expires_at,
       created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
    [
      scope.businessId,
      alert.id,
      alert.kind,
      alert.title,
      alert.message,
      alert.severity,
      alert.scope,
      alert.storeId,
      alert.roles,
      alert.expiresAt,
      alert.createdBy,
      alert.now,
    ],
  );
}

/** Replaces a broadcast's contents; false when the business has no broadcast of that id. */
export async function updateBroadcast(
  scope: TenantScope,
  id: string,
  alert: AlertValues & { now: Date },
): Promise<boolean> {
  const result = await scope.tx.$client.query(
    `update alerts set title = $3, message = $4, severity = $5, scope = $6, store_id = $7, roles = $8,
       expires_at = $9, updated_at = $10
     where business_id = $1 and id = $2 and kind = 'BROADCAST'`,
    [
      scope.businessId,
      id,
      alert.title,
      alert.message,
      alert.severity,
      alert.scope,
      alert.storeId,
      alert.roles,
      alert.expiresAt,
      alert.now,
    ],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function deleteAlert(scope: TenantScope, id: string): Promise<boolean> {
  const result = await scope.tx.$client.query('delete from alerts where business_id = $1 and id = $2', [
    scope.businessId,
    id,
  ]);
  return (result.rowCount ?? 0) > 0;
}

export async function findAlert(
  scope: TenantScope,
  id: string,
): Promise<(AlertRow & { readCount: number }) | undefined> {
  const result = await scope.tx.$client.query<AlertRow & { readCount: number }>(
    `select ${COLUMNS}, ${READS} as "readCount" from alerts a ${STORE_JOIN}
     where a.business_id = $1 and a.id = $2`,
    [scope.businessId, id],
  );
  return result.rows[0];
}

/** The business's alerts (scope BUSINESS) or one store's, newest first, with their read counts. */
export async function findAlertsOf(
  scope: TenantScope,
  where: { storeId: string | null },
  limit: number,
): Promise<Array<AlertRow & { readCount: number }>> {
  const result = await scope.tx.$client.query<AlertRow & { readCount: number }>(
    `select ${COLUMNS}, ${READS} as "readCount" from alerts a ${STORE_JOIN}
     where a.business_id = $1 and ${where.storeId === null ? "a.scope = 'BUSINESS'" : 'a.store_id = $3'}
     order by a.created_at desc, a.id desc limit $2`,
    where.storeId === null ? [scope.businessId, limit] : [scope.businessId, limit, where.storeId],
  );
  return result.rows;
}

/** Who an inbox belongs to: their roles and the location they work at (null: none set). */
export type Reader = { userId: string; roles: readonly string[]; locationId: string | null };

/**
 * The alerts a reader is the audience of at `now`: not expired, naming one of the reader's roles
 * (or none), for the whole business or for a store at the reader's location.
 */
function audienceOf(values: unknown[], reader: Reader, now: Date): string {
  values.push(now, reader.roles, reader.locationId);
  const [at, roles, location] = [values.length - 2, values.length - 1, values.length].map((n) => `$${n}`);
  return `a.business_id = $1 and (a.expires_at is null or a.expires_at > ${at})
    and (a.roles is null or a.roles && ${roles}::text[])
    and (a.scope = 'BUSINESS' or st.location_id = ${location}::uuid)`;
}

export type InboxFilter = { severity?: string; storeId?: string; unread: boolean };

export async function findInbox(
  scope: TenantScope,
  reader: Reader,
  now: Date,
  filter: InboxFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: Array<AlertRow & { read: boolean }>; total: number; unread: number }> {
  const values: unknown[] = [scope.businessId];
  const audience = audienceOf(values, reader, now);
  values.push(reader.userId);
  const user = `$${values.length}`;
  const read = `exists (select 1 from alert_reads r where r.business_id = a.business_id and r.alert_id = a.id and r.user_id = ${user})`;
  const conditions = [audience];
  if (filter.severity) {
    values.push(filter.severity);
    conditions.push(`a.severity = $${values.length}`);
  }
  if (filter.storeId) {
    values.push(filter.storeId);
    conditions.push(`a.store_id = $${values.length}`);
  }
  const filtered = [...conditions, ...(filter.unread ? [`not ${read}`] : [])].join(' and ');
  values.push(page.limit, page.offset);
  const result = await scope.tx.$client.query<AlertRow & { read: boolean; total: number; unread: number }>(
    `select ${COLUMNS}, ${read} as read,
            (select count(*)::int from alerts a ${STORE_JOIN} where ${filtered}) as total,
            (select count(*)::int from alerts a ${STORE_JOIN} where ${audience} and not ${read}) as unread
     from alerts a ${STORE_JOIN}
     where ${filtered}
     order by a.created_at desc, a.id desc limit $${values.length - 1} offset $${values.length}`,
    values,
  );
  if (result.rows.length > 0) {
    const [first] = result.rows;
    return { rows: result.rows, total: first?.total ?? 0, unread: first?.unread ?? 0 };
  }
  const counts = await scope.tx.$client.query<{ total: number; unread: number }>(
    `select (select count(*)::int from alerts a ${STORE_JOIN} where ${filtered}) as total,
            (select count(*)::int from alerts a ${STORE_JOIN} where ${audience} and not ${read}) as unread`,
    values.slice(0, -2),
  );
  return { rows: [], total: counts.rows[0]?.total ?? 0, unread: counts.rows[0]?.unread ?? 0 };
}

/** Whether the reader is in the audience of the alert at `now`. */
export async function isInAudience(
  scope: TenantScope,
  id: string,
  reader: Reader,
  now: Date,
): Promise<boolean> {
  const values: unknown[] = [scope.businessId];
  const audience = audienceOf(values, reader, now);
  values.push(id);
  const result = await scope.tx.$client.query(
    `select 1 from alerts a ${STORE_JOIN} where ${audience} and a.id = $${values.length}`,
    values,
  );
  return (result.rowCount ?? 0) > 0;
}

export async function markRead(scope: TenantScope, id: string, userId: string, now: Date): Promise<void> {
  await scope.tx.$client.query(
    `insert into alert_reads (business_id, alert_id, user_id, read_at) values ($1, $2, $3, $4)
     on conflict do nothing`,
    [scope.businessId, id, userId, now],
  );
}
