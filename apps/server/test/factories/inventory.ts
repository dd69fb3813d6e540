import { randomUUID } from 'node:crypto';
import type { TInventoryItem } from '@app/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../build-app.js';
import { bearer } from './accounts.js';

/**
 * Inventory fixtures. Stock written straight into the database always brings its ledger row, as
 * the stock function would: the whole-schema check below holds in every test file.
 */

/**
 * DESIGN 4's invariant, over the WHOLE schema (every business, as the owner): each item's
 * quantity equals the sum of its ledger deltas and its newest ledger row's quantity_after, and
 * the ledger of a deleted item sums to 0 (only an empty record is ever deleted).
 */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  const { rows: items } = await t.sql(`
    select i.business_id, i.id, i.quantity,
           coalesce((select sum(l.delta) from stock_ledger l
                     where l.business_id = i.business_id and l.inventory_id = i.id), 0)::bigint as ledger_sum,
           (select l.quantity_after from stock_ledger l
             where l.business_id = i.business_id and l.inventory_id = i.id
             order by l.created_at desc, l.id desc limit 1) as last_after
    from inventory_items i`);
  const unbalanced = (
    items as Array<{ id: string; quantity: number; ledger_sum: string; last_after: number | null }>
  ).filter((row) => Number(row.ledger_sum) !== row.quantity || (row.last_after ?? 0) !== row.quantity);
  expect(unbalanced, 'items whose quantity is not the sum of their ledger').toEqual([]);
  const { rows: orphans } = await t.sql(`
    select l.business_id, l.inventory_id, sum(l.delta)::bigint as ledger_sum from stock_ledger l
    where not exists (select 1 from inventory_items i where i.business_id = l.business_id and i.id = l.inventory_id)
    group by l.business_id, l.inventory_id having sum(l.delta) <> 0`);
  expect(orphans, 'deleted items whose ledger does not sum to 0').toEqual([]);
}

/**
 * The stock table's positions over the WHOLE schema (as the owner): at every location, its items
 * and its gaps hold each of 1..last_position exactly once (stock-page.repository.ts places pages
 * by that). Answers the locations that break it, with what they hold.
 */
export async function positionsOutOfLine(t: TestApp): Promise<unknown[]> {
  const { rows } = await t.sql(`
    with held as (
      select business_id, location_id, list_position from inventory_items
      union all
      select business_id, location_id, list_position from inventory_position_gaps
    ),
    per as (
      select business_id, location_id, count(*) as n, count(distinct list_position) as distinct_n,
             min(list_position) as lowest, max(list_position) as highest
      from held group by business_id, location_id
    )
    select coalesce(per.business_id, c.business_id) as business_id,
           coalesce(per.location_id, c.location_id) as location_id,
           c.last_position, per.n, per.distinct_n, per.lowest, per.highest
    from per full join inventory_positions c using (business_id, location_id)
    where c.last_position is distinct from per.highest or per.n <> per.distinct_n
       or per.lowest <> 1 or per.n <> per.highest`);
  return rows;
}

/**
 * Sets the quantity of every item of a location straight in the database, with the COUNT ledger
 * row of each difference: what a count through the API would leave.
 */
export async function setStockAt(
  t: TestApp,
  businessId: string,
  locationId: string,
  quantity: number,
): Promise<void> {
  await t.sql(
    `with before as (
       select id, quantity as old from inventory_items where business_id = $1 and location_id = $2 for update
     ), changed as (
       update inventory_items i set quantity = $3, updated_at = now() from before
       where i.business_id = $1 and i.id = before.id
       returning i.business_id, i.id, i.location_id, i.product_id, i.quantity, before.old
     )
     insert into stock_ledger (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason)
     select business_id, gen_random_uuid(), id, location_id, product_id, quantity - old, quantity, 'COUNT' from changed`,
    [businessId, locationId, quantity],
  );
}

/** The ledger rows of an item, oldest first (as the owner). */
export async function ledgerOf(
  t: TestApp,
  inventoryId: string,
): Promise<
  Array<{
    delta: number;
    quantity_after: number;
    reason: string;
    cause: string | null;
    user_id: string | null;
  }>
> {
  const { rows } = await t.sql(
    `select delta, quantity_after, reason, cause, reference, note, user_id from stock_ledger
     where inventory_id = $1 order by created_at, id`,
    [inventoryId],
  );
  return rows as Array<{
    delta: number;
    quantity_after: number;
    reason: string;
    cause: string | null;
    user_id: string | null;
  }>;
}

/** How many ledger rows the whole schema holds (a replay must not add one). */
export async function ledgerCount(t: TestApp): Promise<number> {
  const { rows } = await t.sql('select count(*)::int as n from stock_ledger');
  return (rows[0] as { n: number }).n;
}

/** The quantity of an item now (as the owner). */
export async function quantityOf(t: TestApp, inventoryId: string): Promise<number | undefined> {
  const { rows } = await t.sql('select quantity from inventory_items where id = $1', [inventoryId]);
  return (rows[0] as { quantity: number } | undefined)?.quantity;
}

/** POST /api/inventory; fails the test on anything but 201. */
export async function openStock(
  t: TestApp,
  token: string,
  body: { productId: string; locationId: string; quantity: number; reorderPoint?: number | null },
): Promise<TInventoryItem> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: bearer(token),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`open stock failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A product straight in the database at a location (the next list position), answering its id;
 * SKU and name from `sku` (unique per location), optional barcode and category.
 */
export async function insertProductAt(
  t: TestApp,
  businessId: string,
  locationId: string,
  values: { sku?: string; name?: string; barcode?: string | null; categoryId?: string | null } = {},
): Promise<{ id: string; sku: string; name: string }> {
  const id = randomUUID();
  const sku = values.sku ?? `SKU-${id.slice(0, 8)}`;
  const name = values.name ?? `Product ${sku}`;
  await t.sql(
    `with seq as (
       update locations set product_position_seq = product_position_seq + 1
       where business_id = $1 and id = $2 returning product_position_seq as position
     )
     insert into products (business_id, id, location_id, sku, name, barcode, category_id, price, list_position)
     select $1, $3, $2, $4, $5, $6, $7, 2.50, seq.position from seq`,
    [businessId, locationId, id, sku, name, values.barcode ?? null, values.categoryId ?? null],
  );
  return { id, sku, name };
}

/**
 * Sets an item's quantity to `low`, then back to `back`, in one transaction (straight in the
 * database, without ledger rows: the quantity ends where it started). What a deferred check must
 * see only once, at commit.
 */
export async function dipInOneTransaction(
  t: TestApp,
  inventoryId: string,
  low: number,
  back: number,
): Promise<void> {
  await t.sql(
    `begin;
     update inventory_items set quantity = ${Number(low)} where id = '${inventoryId.replace(/[^0-9a-f-]/gi, '')}';
     update inventory_items set quantity = ${Number(back)} where id = '${inventoryId.replace(/[^0-9a-f-]/gi, '')}';
     commit;`,
  );
}
