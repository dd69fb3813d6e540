import { MAX_STOCK_QUANTITY } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';

/**
 * The only SQL that changes `inventory_items.quantity` (a test fails on any other). Each change is
 * one statement: the UPDATE that refuses to go below zero and the INSERT of its ledger row travel
 * together, so the quantity and its history can never part.
 */

export type LedgerWrite = {
  ledgerId: string;
  locationId: string;
  productId: string;
  delta: number;
  reason: string;
  cause: string | null;
  reference: string | null;
  note: string | null;
  userId: string | null;
  /** Cost of one unit received (a decimal string); moves the item's average when delta > 0. */
  unitCost?: string | null;
};

/** The item as one change left it. */
export type AppliedRow = {
  inventoryId: string;
  quantity: number;
  reorderPoint: number | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** The item's moving average cost as the change left it (null until a receipt carried one). */
  averageUnitCost: string | null;
  /** The cost of one unit on the ledger row: the receipt's, else the item's average, else the product's cost price. */
  unitCost: string | null;
};

/**
 * One change: the UPDATE that refuses to leave 0..MAX_STOCK_QUANTITY and its ledger row, in one
 * statement (a data-modifying WITH always runs to completion). It answers the item as it left it,
 * so a caller that makes this its last statement can answer without reading the item again.
 *
 * A receipt with a unit cost ($11, delta > 0) moves the moving average cost (issue 16):
 * (units before x their cost + units received x unit cost) / units after, the units before valued
 * at the average, else the product's cost price, else the receipt's cost. Other changes leave it.
 * The ledger row records the receipt's cost (or the given cost of a 0-delta record, such as a
 * transfer's loss), else the item's average, else the product's cost price.
 */
export const APPLY_CHANGE_SQL = `
  with changed as (
    update inventory_items i set quantity = i.quantity + $4, updated_at = now(),
      average_unit_cost = case
        when $11::numeric is null or $4 <= 0 then i.average_unit_cost
        else round(
          (i.quantity::numeric * coalesce(
             i.average_unit_cost,
             (select p.cost_price from products p where p.business_id = $1 and p.id = $3),
             $11::numeric)
           + $4::numeric * $11::numeric) / (i.quantity + $4), 4)
      end
    where i.business_id = $1 and i.location_id = $2 and i.product_id = $3
      and i.quantity::bigint + $4::int between 0 and ${MAX_STOCK_QUANTITY}
    returning i.id, i.quantity, i.reorder_point, i.active, i.created_at, i.updated_at, i.average_unit_cost
  ),
  costed as (
    select changed.*, coalesce(
      case when $4 >= 0 then $11::numeric end,
      changed.average_unit_cost,
      (select p.cost_price from products p where p.business_id = $1 and p.id = $3))::numeric(16, 4) as unit_cost
    from changed
  ),
  ledger as (
    insert into stock_ledger
      (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason, cause, reference, note, user_id, unit_cost)
    select $1, $5, costed.id, $2, $3, $4, costed.quantity, $6, $7, $8, $9, $10, costed.unit_cost from costed
  )
  select id as "inventoryId", quantity, reorder_point as "reorderPoint", active,
         created_at as "createdAt", updated_at as "updatedAt",
         average_unit_cost::text as "averageUnitCost", unit_cost::text as "unitCost"
  from costed`;

/**
 * Applies one change; no row when the item is missing, would go below zero, or would pass the
 * most an item holds (MAX_STOCK_QUANTITY). The bound is checked in bigint before the SET runs, so
 * no sum of changes can overflow the integer column into a 500.
 */
export async function applyChange(scope: TenantScope, write: LedgerWrite): Promise<AppliedRow | undefined> {
  const result = await scope.tx.$client.query<AppliedRow>({
    name: 'stock_apply_change',
    text: APPLY_CHANGE_SQL,
    values: [
      scope.businessId,
      write.locationId,
      write.productId,
      write.delta,
      write.ledgerId,
      write.reason,
      write.cause,
      write.reference,
      write.note,
      write.userId,
      write.unitCost ?? null,
    ],
  });
  return result.rows[0];
}

/**
 * Locks the items of these (location, product) pairs in the one fixed order, location then
 * product: two transactions that change overlapping sets of items then always wait for each other
 * in the same order and never deadlock. Answers what is there.
 */
export async function lockItems(
  scope: TenantScope,
  pairs: ReadonlyArray<{ locationId: string; productId: string }>,
): Promise<Array<{ inventoryId: string; locationId: string; productId: string; quantity: number }>> {
  const result = await scope.tx.$client.query<{
    inventoryId: string;
    locationId: string;
    productId: string;
    quantity: number;
  }>({
    name: 'stock_lock_items',
    text: `
      select i.id as "inventoryId", i.location_id as "locationId", i.product_id as "productId", i.quantity
      from inventory_items i
      join unnest($2::uuid[], $3::uuid[]) as wanted(location_id, product_id)
        on i.location_id = wanted.location_id and i.product_id = wanted.product_id
      where i.business_id = $1
      order by i.location_id, i.product_id
      for update of i`,
    values: [scope.businessId, pairs.map((pair) => pair.locationId), pairs.map((pair) => pair.productId)],
  });
  return result.rows;
}

/** The quantity now, to tell a caller how much there is when a change was refused. */
export async function readQuantity(
  scope: TenantScope,
  locationId: string,
  productId: string,
): Promise<number | undefined> {
  const result = await scope.tx.$client.query<{ quantity: number }>({
    name: 'stock_read_quantity',
    text: 'select quantity from inventory_items where business_id = $1 and location_id = $2 and product_id = $3',
    values: [scope.businessId, locationId, productId],
  });
  return result.rows[0]?.quantity;
}

export type NewItem = {
  inventoryId: string;
  locationId: string;
  productId: string;
  reorderPoint: number | null;
};

/**
 * Creates items at 0 (their stock then arrives through the ledger), in the fixed lock order;
 * an item that exists already is left as it is. Answers the ids of the items created.
 *
 * Each new item takes the next position of its location's stock table, in the order sent
 * (inventory_positions; its row lock, held to the end of the transaction, queues creations at one
 * location, and counters are taken in location order, all before any item is inserted: the
 * window over them reads them all first). A position handed out to a row that then met an item created
 * since this statement's snapshot (ON CONFLICT DO NOTHING) is recorded as a gap, so a location's
 * items always hold exactly 1..last_position less its gaps: what the page arithmetic relies on.
 */
export async function insertItems(scope: TenantScope, items: readonly NewItem[]): Promise<string[]> {
  if (items.length === 0) return [];
  const result = await scope.tx.$client.query<{ id: string }>({
    name: 'stock_insert_items',
    text: INSERT_ITEMS,
    values: [
      scope.businessId,
      items.map((item) => item.inventoryId),
      items.map((item) => item.locationId),
      items.map((item) => item.productId),
      items.map((item) => item.reorderPoint),
    ],
  });
  return result.rows.map((row) => row.id);
}

const INSERT_ITEMS = `
  with wanted as (
    select distinct on (item.location_id, item.product_id) item.*
    from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::int[])
           with ordinality as item(id, location_id, product_id, reorder_point, n)
    where not exists (select 1 from inventory_items i
                      where i.business_id = $1 and i.location_id = item.location_id and i.product_id = item.product_id)
    order by item.location_id, item.product_id, item.n
  ),
  counters as (
    insert into inventory_positions as c (business_id, location_id, last_position)
    select $1, location_id, count(*) from wanted group by location_id order by location_id
    on conflict (business_id, location_id) do update set last_position = c.last_position + excluded.last_position
    returning c.location_id, c.last_position
  ),
  numbered as (
    select w.*, c.last_position - count(*) over (partition by w.location_id)
             + row_number() over (partition by w.location_id order by w.n) as list_position
    from wanted w join counters c on c.location_id = w.location_id
  ),
  inserted as (
    insert into inventory_items (business_id, id, location_id, product_id, quantity, reorder_point, list_position)
    select $1, id, location_id, product_id, 0, reorder_point, list_position from numbered
    order by location_id, product_id
    on conflict (business_id, location_id, product_id) do nothing
    returning id, location_id, list_position
  ),
  lost as (
    insert into inventory_position_gaps (business_id, location_id, list_position)
    select $1, n.location_id, n.list_position from numbered n
    where not exists (select 1 from inserted x where x.location_id = n.location_id and x.list_position = n.list_position)
  )
  select id from inserted`;

export type BulkLedgerWrite = Omit<LedgerWrite, 'userId'> & {
  /** The item's quantity once this change applied, worked out from the locked quantity. */
  quantityAfter: number;
};

/*
 * The bulk statements take their rows as one JSON parameter (json_to_recordset): node-postgres
 * turns a JavaScript array into an array literal element by element, which for the ten columns of
 * 50,000 ledger rows costs about a second; JSON.stringify does it in a few milliseconds.
 */
const LEDGER_ROWS = `json_to_recordset($2::json) as c(ledger_id uuid, location_id uuid, product_id uuid, delta int,
  quantity_after int, reason text, cause text, reference text, note text, ord int)`;

function ledgerJson(writes: readonly BulkLedgerWrite[]): string {
  return JSON.stringify(
    writes.map((write, ord) => ({
      ledger_id: write.ledgerId,
      location_id: write.locationId,
      product_id: write.productId,
      delta: write.delta,
      quantity_after: write.quantityAfter,
      reason: write.reason,
      cause: write.cause,
      reference: write.reference,
      note: write.note,
      ord,
    })),
  );
}

/** Sorts of tens of thousands of rows in memory rather than in temporary files, for this transaction. */
export async function allowLargeSorts(scope: TenantScope): Promise<void> {
  await scope.tx.$client.query("select set_config('work_mem', '64MB', true)");
}

/** lockItems for thousands of pairs (see above): same order, same answer. */
export async function lockItemsInBulk(
  scope: TenantScope,
  pairs: ReadonlyArray<{ locationId: string; productId: string }>,
): Promise<Array<{ inventoryId: string; locationId: string; productId: string; quantity: number }>> {
  const result = await scope.tx.$client.query<{
    inventoryId: string;
    locationId: string;
    productId: string;
    quantity: number;
  }>({
    name: 'stock_lock_items_bulk',
    text: `
      select i.id as "inventoryId", i.location_id as "locationId", i.product_id as "productId", i.quantity
      from inventory_items i
      join json_to_recordset($2::json) as wanted(location_id uuid, product_id uuid)
        on i.location_id = wanted.location_id and i.product_id = wanted.product_id
      where i.business_id = $1
      order by i.location_id, i.product_id
      for update of i`,
    values: [
      scope.businessId,
      JSON.stringify(pairs.map((pair) => ({ location_id: pair.locationId, product_id: pair.productId }))),
    ],
  });
  return result.rows;
}

/**
 * Applies many changes to locked items in one statement: one UPDATE per item (its changes summed)
 * joined with one INSERT of a ledger row per change, in the given order. The UPDATE only touches
 * an item whose locked quantity plus its changes gives the quantity the caller worked out, so the
 * database checks that arithmetic (and with it "never below zero"); an item it refuses writes no
 * ledger row, and the caller compares the count.
 */
const APPLY_BULK = `
  with c as (select * from ${LEDGER_ROWS}),
  totals as (
    select location_id, product_id, sum(delta) as total, (array_agg(quantity_after order by ord desc))[1] as final
    from c group by location_id, product_id
  ),
  changed as (
    update inventory_items i set quantity = t.final, updated_at = now()
    from totals t
    where i.business_id = $1 and i.location_id = t.location_id and i.product_id = t.product_id
      and i.quantity + t.total = t.final
    returning i.id, i.location_id, i.product_id
  )
  insert into stock_ledger
    (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason, cause, reference, note, user_id)
  select $1, c.ledger_id, changed.id, c.location_id, c.product_id, c.delta, c.quantity_after, c.reason, c.cause, c.reference, c.note, $3
  from c join changed on changed.location_id = c.location_id and changed.product_id = c.product_id
  order by c.ord
  returning inventory_id as "inventoryId", location_id as "locationId", product_id as "productId", delta,
            quantity_after as "quantity"`;

export async function applyChangesInBulk(
  scope: TenantScope,
  userId: string | null,
  writes: readonly BulkLedgerWrite[],
): Promise<Array<AppliedRow & { locationId: string; productId: string; delta: number }>> {
  if (writes.length === 0) return [];
  const result = await scope.tx.$client.query<
    AppliedRow & { locationId: string; productId: string; delta: number }
  >({
    name: 'stock_apply_bulk',
    text: APPLY_BULK,
    values: [scope.businessId, ledgerJson(writes), userId],
  });
  return result.rows;
}

/**
 * Creates items with their quantity and, in the same statement, the ledger rows that make it up,
 * so a new item's quantity is the sum of its rows from the start. An item that exists already
 * (created by another transaction meanwhile) is left alone and gets none of its rows. Answers the
 * ids of the items created. New items take their positions as insertItems gives them.
 */
const INSERT_WITH_LEDGER = `
  with wanted as (
    select distinct on (item.location_id, item.product_id) item.*
    from json_to_recordset($3::json)
           as item(id uuid, location_id uuid, product_id uuid, quantity int, reorder_point int, n int)
    where not exists (select 1 from inventory_items i
                      where i.business_id = $1 and i.location_id = item.location_id and i.product_id = item.product_id)
    order by item.location_id, item.product_id, item.n
  ),
  counters as (
    insert into inventory_positions as p (business_id, location_id, last_position)
    select $1, location_id, count(*) from wanted group by location_id order by location_id
    on conflict (business_id, location_id) do update set last_position = p.last_position + excluded.last_position
    returning p.location_id, p.last_position
  ),
  numbered as (
    select w.*, k.last_position - count(*) over (partition by w.location_id)
             + row_number() over (partition by w.location_id order by w.n) as list_position
    from wanted w join counters k on k.location_id = w.location_id
  ),
  inserted as (
    insert into inventory_items (business_id, id, location_id, product_id, quantity, reorder_point, list_position)
    select $1, id, location_id, product_id, quantity, reorder_point, list_position from numbered
    order by location_id, product_id
    on conflict (business_id, location_id, product_id) do nothing
    returning id, location_id, product_id, list_position
  ),
  lost as (
    insert into inventory_position_gaps (business_id, location_id, list_position)
    select $1, n.location_id, n.list_position from numbered n
    where not exists (select 1 from inserted x where x.location_id = n.location_id and x.list_position = n.list_position)
  ),
  c as (select * from ${LEDGER_ROWS}),
  ledger as (
    insert into stock_ledger
      (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason, cause, reference, note, user_id)
    select $1, c.ledger_id, inserted.id, c.location_id, c.product_id, c.delta, c.quantity_after, c.reason, c.cause, c.reference, c.note, $4
    from c join inserted on inserted.location_id = c.location_id and inserted.product_id = c.product_id
    order by c.ord
  )
  select id from inserted`;

export async function insertItemsWithLedger(
  scope: TenantScope,
  userId: string | null,
  items: ReadonlyArray<NewItem & { quantity: number }>,
  writes: readonly BulkLedgerWrite[],
): Promise<string[]> {
  if (items.length === 0) return [];
  const result = await scope.tx.$client.query<{ id: string }>({
    name: 'stock_insert_items_with_ledger',
    text: INSERT_WITH_LEDGER,
    values: [
      scope.businessId,
      ledgerJson(writes),
      JSON.stringify(
        items.map((item, n) => ({
          id: item.inventoryId,
          location_id: item.locationId,
          product_id: item.productId,
          quantity: item.quantity,
          reorder_point: item.reorderPoint,
          n,
        })),
      ),
      userId,
    ],
  });
  return result.rows.map((row) => row.id);
}
