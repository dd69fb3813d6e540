import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MovementStatus } from '@app/contracts';
import type { TenantScope } from '../../platform/db/tenancy.js';
import { stockMovements } from './stock-movements.table.js';

/**
 * The SQL over `stock_movements` (the weekly sums are in movement-summaries.repository.ts) and
 * the look-up of SKUs at locations that creation needs. Reads that show a movement join the
 * product and location names in the same query (plain SQL over the catalogue's tables, as the
 * inventory reads do): a page of movements is one round trip, not one per name.
 */

export type MovementRow = typeof stockMovements.$inferSelect;

export type MovementView = Omit<MovementRow, 'businessId' | 'sourceCodeHash' | 'destinationCodeHash'> & {
  productName: string;
  sourceLocationName: string;
  destinationLocationName: string;
};

export type NewMovement = {
  id: string;
  batchId: string | null;
  productId: string;
  sku: string;
  sourceLocationId: string;
  destinationLocationId: string;
  quantity: number;
  note: string | null;
  sourceCodeHash: string;
  destinationCodeHash: string;
  createdBy: string | null;
  createdAt: Date;
};

/** One statement for the whole list (a sheet may hold thousands): arrays, not one row per bind. */
export async function insertMovements(scope: TenantScope, rows: readonly NewMovement[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof NewMovement>(key: K) => rows.map((row) => row[key]);
  await scope.tx.$client.query({
    name: 'movements_insert',
    text: `
      insert into stock_movements (business_id, id, batch_id, product_id, sku, source_location_id,
        destination_location_id, quantity, note, source_code_hash, destination_code_hash, created_by, created_at)
      select $1, m.* from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::uuid[], $7::uuid[],
        $8::int[], $9::text[], $10::text[], $11::text[], $12::uuid[], $13::timestamptz[]) as m`,
    values: [
      scope.businessId,
      column('id'),
      column('batchId'),
      column('productId'),
      column('sku'),
      column('sourceLocationId'),
      column('destinationLocationId'),
      column('quantity'),
      column('note'),
      column('sourceCodeHash'),
      column('destinationCodeHash'),
      column('createdBy'),
      column('createdAt'),
    ],
  });
}

export type ProductAtLocation = { id: string; sku: string; locationId: string; name: string };

/** The products with these SKUs at these locations (products_sku_key), in one query. */
export async function findProductsBySkuAt(
  scope: TenantScope,
  wanted: ReadonlyArray<{ sku: string; locationId: string }>,
): Promise<ProductAtLocation[]> {
  if (wanted.length === 0) return [];
  const result = await scope.tx.$client.query<ProductAtLocation>({
    name: 'movements_products_by_sku_at',
    text: `
      select p.id, p.sku, p.location_id as "locationId", p.name
      from (select distinct sku, location_id from unnest($2::text[], $3::uuid[]) as w(sku, location_id)) w
      join products p on p.business_id = $1 and p.location_id = w.location_id and p.sku = w.sku`,
    values: [scope.businessId, wanted.map((w) => w.sku), wanted.map((w) => w.locationId)],
  });
  return result.rows;
}

/**
 * Locks the movements to the end of the transaction, in id order: two requests over overlapping
 * movements (a batch and one of its members) queue instead of deadlocking, and a code check,
 * its attempt count and the state change it allows see no other request in between.
 */
export async function lockMovements(
  scope: TenantScope,
  target: { ids: readonly string[] } | { batchId: string },
): Promise<MovementRow[]> {
  const match =
    'batchId' in target
      ? eq(stockMovements.batchId, target.batchId)
      : inArray(stockMovements.id, [...target.ids]);
  if ('ids' in target && target.ids.length === 0) return [];
  return scope.tx
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.businessId, scope.businessId), match))
    .orderBy(asc(stockMovements.id))
    .for('update');
}

/** The batch of a movement (null for a single one), or undefined when there is no such movement. */
export async function findBatchIdOf(scope: TenantScope, id: string): Promise<string | null | undefined> {
  const [row] = await scope.tx
    .select({ batchId: stockMovements.batchId })
    .from(stockMovements)
    .where(and(eq(stockMovements.businessId, scope.businessId), eq(stockMovements.id, id)));
  return row ? row.batchId : undefined;
}

export type MovementChange = Partial<
  Pick<
    MovementRow,
    | 'status'
    | 'sourceValidatedAt'
    | 'sourceValidatedBy'
    | 'destinationValidatedAt'
    | 'destinationValidatedBy'
    | 'cancelledAt'
    | 'cancelledBy'
    | 'codesPrintedAt'
  >
> & { status?: MovementStatus };

export async function updateMovements(
  scope: TenantScope,
  ids: readonly string[],
  change: MovementChange,
): Promise<void> {
  if (ids.length === 0) return;
  await scope.tx
    .update(stockMovements)
    .set(change)
    .where(and(eq(stockMovements.businessId, scope.businessId), inArray(stockMovements.id, [...ids])));
}

/** Records the unit cost each movement left its source at (one statement for a batch). */
export async function setUnitCosts(
  scope: TenantScope,
  costs: ReadonlyArray<{ id: string; unitCost: string | null }>,
): Promise<void> {
  if (costs.length === 0) return;
  await scope.tx.$client.query({
    name: 'movements_set_unit_costs',
    text: `
      update stock_movements m set unit_cost = c.unit_cost
      from unnest($2::uuid[], $3::numeric[]) as c(id, unit_cost)
      where m.business_id = $1 and m.id = c.id`,
    values: [scope.businessId, costs.map((cost) => cost.id), costs.map((cost) => cost.unitCost)],
  });
}

export type Arrival = {
  id: string;
  receivedQuantity: number;
  discrepancyReason: string | null;
  discrepancyNote: string | null;
};

/** Records what arrived of each movement and why it differs (one statement for a batch). */
export async function recordArrivals(scope: TenantScope, arrivals: readonly Arrival[]): Promise<void> {
  if (arrivals.length === 0) return;
  await scope.tx.$client.query({
    name: 'movements_record_arrivals',
    text: `
      update stock_movements m set received_quantity = a.received_quantity,
        discrepancy_reason = a.reason, discrepancy_note = a.note
      from unnest($2::uuid[], $3::int[], $4::text[], $5::text[]) as a(id, received_quantity, reason, note)
      where m.business_id = $1 and m.id = a.id`,
    values: [
      scope.businessId,
      arrivals.map((arrival) => arrival.id),
      arrivals.map((arrival) => arrival.receivedQuantity),
      arrivals.map((arrival) => arrival.discrepancyReason),
      arrivals.map((arrival) => arrival.discrepancyNote),
    ],
  });
}

/**
 * Counts a wrong code on each movement; the try that reaches `maxAttempts` sets `locked_at`.
 * Answers the highest count now.
 */
export async function countWrongCode(
  scope: TenantScope,
  ids: readonly string[],
  maxAttempts: number,
  now: Date,
): Promise<number> {
  const result = await scope.tx.$client.query<{ failedAttempts: number }>({
    name: 'movements_count_wrong_code',
    text: `
      update stock_movements set failed_attempts = failed_attempts + 1,
        locked_at = case when failed_attempts + 1 >= $3 then coalesce(locked_at, $4) else locked_at end
      where business_id = $1 and id = any($2::uuid[])
      returning failed_attempts as "failedAttempts"`,
    values: [scope.businessId, ids, maxAttempts, now],
  });
  return Math.max(0, ...result.rows.map((row) => row.failedAttempts));
}

const VIEW_COLUMNS = `
  m.id, m.batch_id as "batchId", m.product_id as "productId", m.sku,
  m.source_location_id as "sourceLocationId", m.destination_location_id as "destinationLocationId",
  m.quantity, m.status, m.note, m.failed_attempts as "failedAttempts", m.locked_at as "lockedAt",
  m.codes_printed_at as "codesPrintedAt", m.created_by as "createdBy", m.created_at as "createdAt",
  m.source_validated_at as "sourceValidatedAt", m.source_validated_by as "sourceValidatedBy",
  m.destination_validated_at as "destinationValidatedAt",
  m.destination_validated_by as "destinationValidatedBy",
  m.cancelled_at as "cancelledAt", m.cancelled_by as "cancelledBy",
  m.unit_cost::text as "unitCost", m.received_quantity as "receivedQuantity",
  m.discrepancy_reason as "discrepancyReason", m.discrepancy_note as "discrepancyNote",
  p.name as "productName", s.name as "sourceLocationName", d.name as "destinationLocationName"`;

const VIEW_JOINS = `
  join products p on p.business_id = m.business_id and p.id = m.product_id
  join locations s on s.business_id = m.business_id and s.id = m.source_location_id
  join locations d on d.business_id = m.business_id and d.id = m.destination_location_id`;

/** Movements as answers show them, by creation then SKU; `limit` caps a long batch. */
export async function findViews(
  scope: TenantScope,
  target: { ids: readonly string[] } | { batchId: string },
  options: { limit?: number } = {},
): Promise<MovementView[]> {
  const isBatch = 'batchId' in target;
  const result = await scope.tx.$client.query<MovementView>({
    name: isBatch ? 'movements_views_of_batch' : 'movements_views_by_ids',
    text: `select ${VIEW_COLUMNS} from stock_movements m ${VIEW_JOINS}
           where m.business_id = $1 and ${isBatch ? 'm.batch_id = $2' : 'm.id = any($2::uuid[])'}
           order by m.created_at, m.sku, m.id limit $3`,
    values: [scope.businessId, isBatch ? target.batchId : [...target.ids], options.limit ?? null],
  });
  return result.rows;
}

export type MovementFilter = {
  status?: MovementStatus;
  locationId?: string;
  batchId?: string;
  /** Lower-case part of the SKU. */
  skuPart?: string;
};

/**
 * The filter as SQL over `m`, with its values from $2 on. Only fixed text is assembled here;
 * every value travels as a parameter.
 */
function filterSql(scope: TenantScope, filter: MovementFilter): { where: string; values: unknown[] } {
  const values: unknown[] = [scope.businessId];
  const conditions = ['m.business_id = $1'];
  const add = (condition: (n: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  if (filter.status) add((n) => `m.status = ${n}`, filter.status);
  if (filter.locationId)
    add((n) => `(m.source_location_id = ${n} or m.destination_location_id = ${n})`, filter.locationId);
  if (filter.batchId) add((n) => `m.batch_id = ${n}`, filter.batchId);
  if (filter.skuPart) add((n) => `strpos(lower(m.sku), ${n}) > 0`, filter.skuPart);
  return { where: conditions.join(' and '), values };
}

/** One page, newest first (stock_movements_created_idx), limited in SQL. */
export async function findViewPage(
  scope: TenantScope,
  filter: MovementFilter,
  page: { limit: number; offset: number },
): Promise<MovementView[]> {
  const { where, values } = filterSql(scope, filter);
  const result = await scope.tx.$client.query<MovementView>(
    `select ${VIEW_COLUMNS} from stock_movements m ${VIEW_JOINS} where ${where}
     order by m.created_at desc, m.id desc limit $${values.length + 1} offset $${values.length + 2}`,
    [...values, page.limit, page.offset],
  );
  return result.rows;
}

export async function countMovements(scope: TenantScope, filter: MovementFilter): Promise<number> {
  const { where, values } = filterSql(scope, filter);
  const result = await scope.tx.$client.query<{ total: number }>(
    `select count(*) as total from stock_movements m where ${where}`,
    values,
  );
  return result.rows[0]?.total ?? 0;
}
