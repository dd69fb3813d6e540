import type { TenantScope } from '../../../platform/db/tenancy.js';

/**
 * Count sheets (cycle_counts) and what they read of the catalogue and stock, in plain SQL as the
 * rest of inventory reads products, locations and categories. Lines: cycle-count-lines.repository.ts.
 */

export type SheetRow = {
  id: string;
  locationId: string;
  locationName: string;
  scope: unknown;
  status: string;
  note: string | null;
  frozenAt: Date;
  createdBy: string | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  lineCount: number;
  linesCounted: number;
  /** The net variance in units, as text (a bigint). */
  varianceUnits: string;
  /** The net variance value, as PostgreSQL prints a numeric. */
  varianceValueNet: string;
};

/**
 * A sheet's own columns (`c`, its location `l`) and what its lines add up to (`n`, LINE_SUMS).
 * The variance sums are over the lines COUNTED or ACCEPTED, each value rounded to the cent per
 * line first, exactly as toSheet adds up the lines (a line without a cost adds nothing); units are
 * summed as bigint (5,000 lines of up to 10^9 units pass an int) and come back as text.
 */
const SHEET_COLUMNS = `
  c.id, c.location_id as "locationId", l.name as "locationName", c.scope, c.status, c.note,
  c.frozen_at as "frozenAt", c.created_by as "createdBy", c.completed_at as "completedAt",
  c.cancelled_at as "cancelledAt", n."lineCount", n."linesCounted", n."varianceUnits", n."varianceValueNet"`;

/** One pass over the lines of the sheet `c` (its primary key's range), for SHEET_COLUMNS. */
const LINE_SUMS = `
  cross join lateral (
    select count(*)::int as "lineCount",
           count(*) filter (where x.status in ('COUNTED', 'ACCEPTED'))::int as "linesCounted",
           coalesce(sum(v.units) filter (where x.status in ('COUNTED', 'ACCEPTED')), 0)::bigint::text
             as "varianceUnits",
           coalesce(sum(round(v.units * x.unit_cost, 2)) filter (where x.status in ('COUNTED', 'ACCEPTED')), 0)::text
             as "varianceValueNet"
    from cycle_count_lines x
    cross join lateral (select x.counted_quantity - (x.expected_quantity + x.moved_since_freeze) as units) v
    where x.business_id = c.business_id and x.count_id = c.id
  ) n`;

export async function insertSheet(
  scope: TenantScope,
  sheet: { id: string; locationId: string; scope: unknown; note: string | null; userId: string },
): Promise<void> {
  await scope.tx.$client.query({
    name: 'cycle_count_insert',
    text: `insert into cycle_counts (business_id, id, location_id, scope, note, created_by)
           values ($1, $2, $3, $4::jsonb, $5, $6)`,
    values: [
      scope.businessId,
      sheet.id,
      sheet.locationId,
      JSON.stringify(sheet.scope),
      sheet.note,
      sheet.userId,
    ],
  });
}

/**
 * The freeze: one line per active item of the location in scope (`categoryIds` / `productIds`
 * null: no condition), with its quantity and effective unit cost (average cost, else the product's
 * cost price), numbered by SKU. At most `limit` rows; the caller refuses a sheet that reaches it.
 *
 * Each item is locked FOR SHARE (in the stock function's order, product id within the location,
 * so a sale locking several items cannot deadlock with it) and read as its latest committed
 * version: a sale under way is waited for and counted in the expected quantity, and nothing
 * changes these items until COMMIT. `stampFreeze` then takes the clock after the locks, so the
 * ledger rows after `frozen_at` are exactly the changes the expected quantities miss.
 */
export async function insertLinesFromItems(
  scope: TenantScope,
  countId: string,
  locationId: string,
  filter: { categoryIds: string[] | null; productIds: string[] | null },
  limit: number,
): Promise<number> {
  // Unnamed, so planned for its own filter each time: a generic plan cannot drop the unused
  // conditions, and a sheet is made rarely enough that planning costs nothing worth keeping.
  const result = await scope.tx.$client.query({
    text: `
      with picked as (
        select i.id as inventory_id, i.product_id, i.quantity, p.sku, p.name, p.category_id,
               coalesce(i.average_unit_cost, p.cost_price)::numeric(16, 4) as unit_cost
        from inventory_items i
        join products p on p.business_id = i.business_id and p.id = i.product_id
        where i.business_id = $1 and i.location_id = $3 and i.active
          and ($4::uuid[] is null or p.category_id = any($4::uuid[]))
          and ($5::uuid[] is null or i.product_id = any($5::uuid[]))
        order by i.product_id
        limit $6
        for share of i
      )
      insert into cycle_count_lines
        (business_id, count_id, line_no, product_id, inventory_id, sku, product_name, category_id,
         expected_quantity, unit_cost)
      select $1, $2, row_number() over (order by sku, product_id), product_id, inventory_id, sku, name,
             category_id, quantity, unit_cost
      from picked`,
    values: [scope.businessId, countId, locationId, filter.categoryIds, filter.productIds, limit],
  });
  return result.rowCount ?? 0;
}

/** Sets frozen_at to the clock now, after the lines' locks were taken (see insertLinesFromItems). */
export async function stampFreeze(scope: TenantScope, countId: string): Promise<void> {
  await scope.tx.$client.query({
    name: 'cycle_count_stamp_freeze',
    text: 'update cycle_counts set frozen_at = clock_timestamp() where business_id = $1 and id = $2',
    values: [scope.businessId, countId],
  });
}

/**
 * A sheet of the business, or undefined. `lock` takes the sheet's row FOR UPDATE: every write to a
 * sheet (counts, review, complete, cancel) takes it first, so they queue per sheet and the status
 * they check is the one they change.
 */
export async function findSheet(
  scope: TenantScope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<SheetRow | undefined> {
  if (options.lock)
    await scope.tx.$client.query({
      name: 'cycle_count_lock',
      text: 'select 1 from cycle_counts where business_id = $1 and id = $2 for update',
      values: [scope.businessId, id],
    });
  const result = await scope.tx.$client.query<SheetRow>({
    name: 'cycle_count_find',
    text: `select ${SHEET_COLUMNS} from cycle_counts c
           join locations l on l.business_id = c.business_id and l.id = c.location_id
           ${LINE_SUMS}
           where c.business_id = $1 and c.id = $2`,
    values: [scope.businessId, id],
  });
  return result.rows[0];
}

/**
 * A page of sheets, newest freeze first (the frozen_at and location indexes), and the total. The
 * page is cut first and only its sheets' lines are summed: a lateral join above the LIMIT would
 * sum the lines of every sheet that matches before sorting them.
 */
export async function findSheetPage(
  scope: TenantScope,
  filter: { locationId: string | null; status: string | null },
  page: { limit: number; offset: number },
): Promise<{ rows: SheetRow[]; total: number }> {
  const where = `c.business_id = $1 and ($2::uuid is null or c.location_id = $2) and ($3::text is null or c.status = $3)`;
  const result = await scope.tx.$client.query<SheetRow>({
    name: 'cycle_count_page',
    text: `select ${SHEET_COLUMNS}
           from (select c.* from cycle_counts c where ${where}
                 order by c.frozen_at desc, c.id desc limit $4 offset $5) c
           join locations l on l.business_id = c.business_id and l.id = c.location_id
           ${LINE_SUMS}
           order by c.frozen_at desc, c.id desc`,
    values: [scope.businessId, filter.locationId, filter.status, page.limit, page.offset],
  });
  const counted = await scope.tx.$client.query<{ total: number }>({
    name: 'cycle_count_page_total',
    text: `select count(*)::int as total from cycle_counts c where ${where}`,
    values: [scope.businessId, filter.locationId, filter.status],
  });
  return { rows: result.rows, total: counted.rows[0]?.total ?? 0 };
}

/** Ends a COUNTING sheet (COMPLETED or CANCELLED) with its time and who did it. */
export async function endSheet(
  scope: TenantScope,
  id: string,
  status: 'COMPLETED' | 'CANCELLED',
  userId: string,
): Promise<void> {
  const at = status === 'COMPLETED' ? 'completed' : 'cancelled';
  await scope.tx.$client.query({
    name: `cycle_count_end_${at}`,
    text: `update cycle_counts set status = $3, ${at}_at = now(), ${at}_by = $4
           where business_id = $1 and id = $2 and status = 'COUNTING'`,
    values: [scope.businessId, id, status, userId],
  });
}

/** Which of these ids are categories of the location (another's, or another business's, are not). */
export async function findCategoryIdsAt(
  scope: TenantScope,
  locationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const result = await scope.tx.$client.query<{ id: string }>({
    name: 'cycle_count_categories_at',
    text: 'select id from categories where business_id = $1 and location_id = $2 and id = any($3::uuid[])',
    values: [scope.businessId, locationId, ids],
  });
  return new Set(result.rows.map((row) => row.id));
}

/** Which of these ids are products of the location. */
export async function findProductIdsAt(
  scope: TenantScope,
  locationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const result = await scope.tx.$client.query<{ id: string }>({
    name: 'cycle_count_products_at',
    text: 'select id from products where business_id = $1 and location_id = $2 and id = any($3::uuid[])',
    values: [scope.businessId, locationId, ids],
  });
  return new Set(result.rows.map((row) => row.id));
}

export type ActiveItem = { inventoryId: string; productId: string; sku: string; name: string };

/** The active items of a location with their product's SKU and name (the ABC classes' rows). */
export async function findActiveItemsAt(scope: TenantScope, locationId: string): Promise<ActiveItem[]> {
  const result = await scope.tx.$client.query<ActiveItem>({
    name: 'cycle_count_active_items',
    text: `select i.id as "inventoryId", i.product_id as "productId", p.sku, p.name
           from inventory_items i
           join products p on p.business_id = i.business_id and p.id = i.product_id
           where i.business_id = $1 and i.location_id = $2 and i.active`,
    values: [scope.businessId, locationId],
  });
  return result.rows;
}
