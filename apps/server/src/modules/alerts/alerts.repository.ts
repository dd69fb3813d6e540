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
  subjectType: string | null;
  subjectId: string | null;
  locationId: string | null;
  locationName: string | null;
  resolvedAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const COLUMNS = `a.id, a.kind, a.title, a.message, a.severity, a.scope, a.store_id as "storeId",
  st.name as "storeName", a.roles, a.expires_at as "expiresAt", a.subject_type as "subjectType",
  a.subject_id as "subjectId", a.location_id as "locationId", lo.name as "locationName",
  a.resolved_at as "resolvedAt", a.created_by as "createdBy", a.created_at as "createdAt",
  a.updated_at as "updatedAt"`;
/** The store of a store's alert (its name; its location decides who is its staff). */
const STORE_JOIN = 'left join stores st on st.business_id = a.business_id and st.id = a.store_id';
/** The location a system alert concerns, for its name. */
const LOCATION_JOIN = 'left join locations lo on lo.business_id = a.business_id and lo.id = a.location_id';
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
    `select ${COLUMNS}, ${READS} as "readCount" from alerts a ${STORE_JOIN} ${LOCATION_JOIN}
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
    `select ${COLUMNS}, ${READS} as "readCount" from alerts a ${STORE_JOIN} ${LOCATION_JOIN}
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
 * (or none), and either for a store at the reader's location, or for the whole business; a system
 * alert about one location reaches the staff of that location and those of none (owner,
 * business-wide roles), not the staff of another location.
 */
function audienceOf(values: unknown[], reader: Reader, now: Date): string {
  values.push(now, reader.roles, reader.locationId);
  const [at, roles, location] = [values.length - 2, values.length - 1, values.length].map((n) => `$${n}`);
  return `a.business_id = $1 and (a.expires_at is null or a.expires_at > ${at})
    and (a.roles is null or a.roles && ${roles}::text[])
    and (st.location_id = ${location}::uuid
      or (a.scope = 'BUSINESS'
        and (a.location_id is null or ${location}::uuid is null or a.location_id = ${location}::uuid)))`;
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
    // A store's broadcasts, and the system alerts about its location.
    values.push(filter.storeId);
    const store = `$${values.length}`;
    conditions.push(`(a.store_id = ${store} or a.location_id =
      (select s.location_id from stores s where s.business_id = a.business_id and s.id = ${store}))`);
  }
  const filtered = [...conditions, ...(filter.unread ? [`not ${read}`] : [])].join(' and ');
  // The bell counts what still needs her: a resolved system alert is no longer news.
  const unread = `${audience} and a.resolved_at is null and not ${read}`;
  values.push(page.limit, page.offset);
  const result = await scope.tx.$client.query<AlertRow & { read: boolean; total: number; unread: number }>(
    `select ${COLUMNS}, ${read} as read,
            (select count(*)::int from alerts a ${STORE_JOIN} where ${filtered}) as total,
            (select count(*)::int from alerts a ${STORE_JOIN} where ${unread}) as unread
     from alerts a ${STORE_JOIN} ${LOCATION_JOIN}
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
            (select count(*)::int from alerts a ${STORE_JOIN} where ${unread}) as unread`,
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

/** Marks every alert of the reader's inbox read; answers how many were not read before. */
export async function markAllRead(scope: TenantScope, reader: Reader, now: Date): Promise<number> {
  const values: unknown[] = [scope.businessId];
  const audience = audienceOf(values, reader, now);
  values.push(reader.userId);
  const result = await scope.tx.$client.query(
    `insert into alert_reads (business_id, alert_id, user_id, read_at)
     select a.business_id, a.id, $${values.length}, $2 from alerts a ${STORE_JOIN} where ${audience}
     on conflict do nothing`,
    values,
  );
  return result.rowCount ?? 0;
}

export type SystemAlert = {
  title: string;
  message: string;
  severity: string;
  roles: readonly string[];
  subject: { type: string; id: string; locationId: string | null };
  dedupeKey: string;
};

/**
 * Raises a system alert unless one is open for the same condition (`dedupeKey`): answers its id,
 * or null when one was open already.
 */
export async function insertSystemAlert(
  scope: TenantScope,
  alert: SystemAlert & { id: string; now: Date },
): Promise<string | null> {
  const result = await scope.tx.$client.query<{ id: string }>(
    `insert into alerts (business_id, id, kind, title, message, severity, scope, roles, subject_type, subject_id,
       location_id, dedupe_key, created_at, updated_at)
     values ($1, $2, 'SYSTEM', $3, $4, $5, 'BUSINESS', $6, $7, $8, $9, $10, $11, $11)
     on conflict (business_id, dedupe_key) where dedupe_key is not null and resolved_at is null do nothing
     returning id`,
    [
      scope.businessId,
      alert.id,
      alert.title,
      alert.message,
      alert.severity,
      alert.roles,
      alert.subject.type,
      alert.subject.id,
      alert.subject.locationId,
      alert.dedupeKey,
      alert.now,
    ],
  );
  return result.rows[0]?.id ?? null;
}

/** Resolves the open alerts of these conditions; answers how many. */
export async function resolveAlerts(
  scope: TenantScope,
  dedupeKeys: readonly string[],
  now: Date,
): Promise<number> {
  if (dedupeKeys.length === 0) return 0;
  const result = await scope.tx.$client.query(
    `update alerts set resolved_at = $3, updated_at = $3
     where business_id = $1 and dedupe_key = any($2::text[]) and resolved_at is null`,
    [scope.businessId, dedupeKeys, now],
  );
  return result.rowCount ?? 0;
}

/** The open alerts about movements (waiting, locked), with the movement's state now (null: gone). */
export async function findOpenMovementAlerts(
  scope: TenantScope,
): Promise<Array<{ dedupeKey: string; status: string | null; lockedAt: Date | null }>> {
  const result = await scope.tx.$client.query<{
    dedupeKey: string;
    status: string | null;
    lockedAt: Date | null;
  }>(
    `select a.dedupe_key as "dedupeKey", m.status, m.locked_at as "lockedAt"
     from alerts a
     left join stock_movements m on m.business_id = a.business_id and m.id = a.subject_id
     where a.business_id = $1 and a.subject_type = 'MOVEMENT' and a.resolved_at is null
       and a.dedupe_key is not null`,
    [scope.businessId],
  );
  return result.rows;
}

export type WaitingMovement = {
  id: string;
  status: string;
  createdAt: Date;
  productName: string;
  sku: string;
  quantity: number;
  sourceLocationId: string;
  sourceName: string | null;
  destinationLocationId: string;
  destinationName: string | null;
};

/** Movements under way since before `before` (the check raises one alert each), oldest first. */
export async function findWaitingMovements(
  scope: TenantScope,
  before: Date,
  limit: number,
): Promise<WaitingMovement[]> {
  const result = await scope.tx.$client.query<WaitingMovement>(
    `select m.id, m.status, m.created_at as "createdAt", coalesce(p.name, m.sku) as "productName", m.sku, m.quantity,
            m.source_location_id as "sourceLocationId", src.name as "sourceName",
            m.destination_location_id as "destinationLocationId", dst.name as "destinationName"
     from stock_movements m
     left join products p on p.business_id = m.business_id and p.id = m.product_id
     left join locations src on src.business_id = m.business_id and src.id = m.source_location_id
     left join locations dst on dst.business_id = m.business_id and dst.id = m.destination_location_id
     where m.business_id = $1 and m.status in ('PENDING', 'IN_TRANSIT') and m.created_at <= $2
     order by m.created_at, m.id limit $3`,
    [scope.businessId, before, limit],
  );
  return result.rows;
}

/** The businesses the movement check must look at (SECURITY DEFINER: requests see one business). */
export async function findBusinessesWithMovementAlerts(
  tx: TenantScope['tx'],
  before: Date,
  limit: number,
): Promise<string[]> {
  const result = await tx.$client.query<{ business_id: string }>(
    'select business_id from app_businesses_with_movement_alerts($1, $2)',
    [before, limit],
  );
  return result.rows.map((row) => row.business_id);
}

/** A CRITICAL alert to e-mail, locked so that the mail job runs its work once. */
export async function lockAlertToMail(
  scope: TenantScope,
  id: string,
): Promise<(AlertRow & { mailedAt: Date | null; storeLocationId: string | null }) | undefined> {
  const result = await scope.tx.$client.query<
    AlertRow & { mailedAt: Date | null; storeLocationId: string | null }
  >(
    `select ${COLUMNS}, a.mailed_at as "mailedAt", st.location_id as "storeLocationId"
     from alerts a ${STORE_JOIN} ${LOCATION_JOIN}
     where a.business_id = $1 and a.id = $2 for update of a`,
    [scope.businessId, id],
  );
  return result.rows[0];
}

export async function setMailed(scope: TenantScope, id: string, now: Date): Promise<void> {
  await scope.tx.$client.query('update alerts set mailed_at = $3 where business_id = $1 and id = $2', [
    scope.businessId,
    id,
    now,
  ]);
}

/**
 * The active, verified users of the business in an alert's audience: one of its roles (any when
 * none), and at its location (a store's staff; for a location's system alert, also staff of none).
 */
export async function findAudienceUsers(
  scope: TenantScope,
  audience: { roles: readonly string[] | null; storeLocationId: string | null; locationId: string | null },
): Promise<Array<{ email: string; fullName: string }>> {
  const result = await scope.tx.$client.query<{ email: string; fullName: string }>(
    `select u.email, u.full_name as "fullName" from users u
     where u.business_id = $1 and u.email_verified_at is not null and u.disabled_at is null
       and u.deleted_at is null
       and ($2::text[] is null or u.roles && $2::text[])
       and case when $3::uuid is not null then u.location_id = $3::uuid
                when $4::uuid is not null then u.location_id is null or u.location_id = $4::uuid
                else true end
     order by u.email`,
    [scope.businessId, audience.roles, audience.storeLocationId, audience.locationId],
  );
  return result.rows;
}
