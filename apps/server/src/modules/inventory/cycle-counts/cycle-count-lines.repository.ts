import type { TenantScope } from '../../../platform/db/tenancy.js';

/** The lines of count sheets (cycle_count_lines): reads, counts and review. */

export type LineView = {
  lineNo: number;
  productId: string;
  inventoryId: string;
  sku: string;
  productName: string;
  categoryId: string | null;
  categoryName: string | null;
  expectedQuantity: number;
  unitCost: string | null;
  status: string;
  countedQuantity: number | null;
  previousCountedQuantity: number | null;
  movedSinceFreeze: number | null;
  varianceUnits: number | null;
  varianceValue: string | null;
  appliedDelta: number | null;
  countedAt: Date | null;
};

/**
 * Every line of a sheet in line order, with its category's name now and the variance worked out:
 * counted - (expected + moved since the freeze), and its value at the frozen unit cost, rounded to
 * the cent per line (the totals add the rounded values, as a person adding the sheet would).
 */
export async function findLines(scope: TenantScope, countId: string): Promise<LineView[]> {
  const result = await scope.tx.$client.query<LineView>({
    name: 'cycle_count_lines',
    text: `
      select c.line_no as "lineNo", c.product_id as "productId", c.inventory_id as "inventoryId", c.sku,
             c.product_name as "productName", c.category_id as "categoryId", g.name as "categoryName",
             c.expected_quantity as "expectedQuantity", c.unit_cost::text as "unitCost", c.status,
             c.counted_quantity as "countedQuantity", c.previous_counted_quantity as "previousCountedQuantity",
             c.moved_since_freeze as "movedSinceFreeze", v.units as "varianceUnits",
             round(v.units * c.unit_cost, 2)::text as "varianceValue",
             c.applied_delta as "appliedDelta", c.counted_at as "countedAt"
      from cycle_count_lines c
      left join categories g on g.business_id = c.business_id and g.id = c.category_id
      cross join lateral (select c.counted_quantity - (c.expected_quantity + c.moved_since_freeze) as units) v
      where c.business_id = $1 and c.count_id = $2
      order by c.line_no`,
    values: [scope.businessId, countId],
  });
  return result.rows;
}

export type LockedLine = {
  lineNo: number;
  productId: string;
  inventoryId: string;
  sku: string;
  status: string;
  countedQuantity: number | null;
  /** counted - (expected + moved); null until counted. */
  varianceUnits: number | null;
  /** The item the line was frozen from still exists (it is deleted only at 0, and may come back as another). */
  hasItem: boolean;
};

/**
 * Locks the named lines of a sheet (by number or product) FOR UPDATE in line order. The sheet's
 * row is locked first by every writer, so these never wait on each other; the lock keeps a
 * line's status what the caller read until COMMIT.
 */
export async function lockLines(
  scope: TenantScope,
  countId: string,
  refs: { lineNos: readonly number[]; productIds: readonly string[] },
): Promise<LockedLine[]> {
  const result = await scope.tx.$client.query<LockedLine>({
    name: 'cycle_count_lock_lines',
    text: `
      select c.line_no as "lineNo", c.product_id as "productId", c.inventory_id as "inventoryId", c.sku,
             c.status, c.counted_quantity as "countedQuantity",
             c.counted_quantity - (c.expected_quantity + c.moved_since_freeze) as "varianceUnits",
             exists (select 1 from inventory_items i where i.business_id = c.business_id and i.id = c.inventory_id)
               as "hasItem"
      from cycle_count_lines c
      where c.business_id = $1 and c.count_id = $2
        and (c.line_no = any($3::int[]) or c.product_id = any($4::uuid[]))
      order by c.line_no
      for update of c`,
    values: [scope.businessId, countId, refs.lineNos, refs.productIds],
  });
  return result.rows;
}

/**
 * Locks these items FOR SHARE in the stock function's order (location, then product): a sale or
 * adjustment under way is waited for, and none starts until COMMIT, so the ledger summed next is
 * the item's whole movement since the freeze at the moment of the count.
 */
export async function shareItems(scope: TenantScope, inventoryIds: readonly string[]): Promise<void> {
  await scope.tx.$client.query({
    name: 'cycle_count_share_items',
    text: `select 1 from inventory_items where business_id = $1 and id = any($2::uuid[])
           order by location_id, product_id for share`,
    values: [scope.businessId, inventoryIds],
  });
}

/**
 * Records counts (one statement): each line takes its count, `moved_since_freeze` = the sum of its
 * item's ledger rows after the sheet's frozen_at (read from the row in SQL: microseconds, which a
 * JavaScript Date would cut), and COUNTED; a line in RECOUNT keeps its earlier count in
 * previous_counted_quantity.
 */
export async function recordCounts(
  scope: TenantScope,
  countId: string,
  entries: ReadonlyArray<{ lineNo: number; countedQuantity: number }>,
  userId: string,
): Promise<void> {
  await scope.tx.$client.query({
    name: 'cycle_count_record_counts',
    text: `
      with e as (
        select * from json_to_recordset($3::json) as e(line_no int, counted int)
      ),
      moved as (
        select c.line_no, coalesce((
          select sum(l.delta) from stock_ledger l
          where l.business_id = c.business_id and l.inventory_id = c.inventory_id and l.created_at > s.frozen_at
        ), 0)::int as moved
        from cycle_count_lines c
        join cycle_counts s on s.business_id = c.business_id and s.id = c.count_id
        join e on e.line_no = c.line_no
        where c.business_id = $1 and c.count_id = $2
      )
      update cycle_count_lines c set
        previous_counted_quantity = case when c.status = 'RECOUNT' then c.counted_quantity
                                         else c.previous_counted_quantity end,
        counted_quantity = e.counted, moved_since_freeze = m.moved, status = 'COUNTED',
        counted_at = now(), counted_by = $4
      from e join moved m on m.line_no = e.line_no
      where c.business_id = $1 and c.count_id = $2 and c.line_no = e.line_no`,
    values: [
      scope.businessId,
      countId,
      JSON.stringify(entries.map((entry) => ({ line_no: entry.lineNo, counted: entry.countedQuantity }))),
      userId,
    ],
  });
}

/** Marks lines ACCEPTED with the delta their acceptance wrote. */
export async function markAccepted(
  scope: TenantScope,
  countId: string,
  accepted: ReadonlyArray<{ lineNo: number; delta: number }>,
  userId: string,
): Promise<void> {
  if (accepted.length === 0) return;
  await scope.tx.$client.query({
    name: 'cycle_count_mark_accepted',
    text: `
      update cycle_count_lines c set status = 'ACCEPTED', applied_delta = a.delta, reviewed_at = now(), reviewed_by = $4
      from unnest($3::int[], $5::int[]) as a(line_no, delta)
      where c.business_id = $1 and c.count_id = $2 and c.line_no = a.line_no`,
    values: [
      scope.businessId,
      countId,
      accepted.map((line) => line.lineNo),
      userId,
      accepted.map((line) => line.delta),
    ],
  });
}

/** Sends lines back to be counted again; the count stays until the recount replaces it. */
export async function markRecount(
  scope: TenantScope,
  countId: string,
  lineNos: readonly number[],
  userId: string,
): Promise<void> {
  if (lineNos.length === 0) return;
  await scope.tx.$client.query({
    name: 'cycle_count_mark_recount',
    text: `update cycle_count_lines set status = 'RECOUNT', reviewed_at = now(), reviewed_by = $4
           where business_id = $1 and count_id = $2 and line_no = any($3::int[])`,
    values: [scope.businessId, countId, lineNos, userId],
  });
}

/** Lines of a sheet awaiting review or recount, in line order (those that stop a completion). */
export async function findUnsettledLines(
  scope: TenantScope,
  countId: string,
): Promise<Array<{ lineNo: number; status: string }>> {
  const result = await scope.tx.$client.query<{ lineNo: number; status: string }>({
    name: 'cycle_count_unsettled_lines',
    text: `select line_no as "lineNo", status from cycle_count_lines
           where business_id = $1 and count_id = $2 and status in ('COUNTED', 'RECOUNT')
           order by line_no`,
    values: [scope.businessId, countId],
  });
  return result.rows;
}
