import type { TenantScope } from '../../../platform/db/tenancy.js';
import { ITEM_COLUMNS, type ItemView } from './items.repository.js';

/**
 * The paged and summed reads of inventory (the stock table is stock-page.repository.ts).
 * `stock_movements` belongs to the movements module: it is read here in plain SQL, for the
 * in-transit and pending sums only (no import crosses the module line).
 *
 * Prefix searches compare the products' stored lower-case columns with the leakproof `~>=~` and
 * `~<~` of a range (see product-list.repository.ts): under row-level security a condition calling
 * lower() or LIKE is checked row by row after the policy and never reaches an index.
 */

/**
 * One page of the active items of a location whose SKU or name starts with `search` (all of them
 * without one), by SKU, and their total: the inventory products search and list. They walk the
 * location's products in SKU order (the index products_sku_key; SKUs are unique per location)
 * and stop after the page; the total is its own count, which the index of (business, location,
 * product) answers without a search.
 */
export async function findItemsBySku(
  scope: TenantScope,
  locationId: string,
  search: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: ItemView[]; total: number }> {
  const values: unknown[] = [scope.businessId, locationId];
  const conditions = [
    'i.business_id = $1',
    'i.location_id = $2',
    'i.active',
    'p.business_id = $1',
    'p.location_id = $2',
  ];
  if (search) {
    // Lower-cased here: lower() in the SQL is not leakproof. U+10FFFF sorts after every character.
    const from = search.toLowerCase();
    values.push(from, `${from}\u{10FFFF}`);
    conditions.push(
      '((p.sku_lower ~>=~ $3 and p.sku_lower ~<~ $4) or (p.name_lower ~>=~ $3 and p.name_lower ~<~ $4))',
    );
  }
  const from = `from products p
    join inventory_items i on i.business_id = p.business_id and i.location_id = p.location_id and i.product_id = p.id
    where ${conditions.join(' and ')}`;
  const result = await scope.tx.$client.query<ItemView>(
    `select ${ITEM_COLUMNS} ${from} order by p.sku limit $${values.length + 1} offset $${values.length + 2}`,
    [...values, page.limit, page.offset],
  );
  const counted = await scope.tx.$client.query<{ total: string }>(
    search
      ? `select count(*) as total ${from}`
      : 'select count(*) as total from inventory_items i where i.business_id = $1 and i.location_id = $2 and i.active',
    values,
  );
  return { rows: result.rows, total: Number(counted.rows[0]?.total ?? 0) };
}

export type SkuSuggestionRow = {
  productId: string;
  inventoryId: string | null;
  sku: string;
  productName: string;
  barcode: string | null;
  quantity: number;
};

/**
 * Active products of a location whose SKU starts with the prefix (any case), by SKU, with their
 * stock record when they have one: the same list serves picking a record and opening a new one.
 * Movements also offer products whose record is retired (their stock can still leave).
 */
export async function findSkuSuggestions(
  scope: TenantScope,
  locationId: string,
  prefix: string,
  page: { limit: number; offset: number },
  options: { withRetiredRecords: boolean } = { withRetiredRecords: false },
): Promise<{ rows: SkuSuggestionRow[]; total: number }> {
  const from = prefix.toLowerCase();
  const records = options.withRetiredRecords ? '' : 'and (i.id is null or i.active)';
  const source = `from products p
    left join inventory_items i on i.business_id = p.business_id and i.location_id = p.location_id and i.product_id = p.id
    where p.business_id = $1 and p.location_id = $2 and p.active ${records}
      and p.sku_lower ~>=~ $3 and p.sku_lower ~<~ $4`;
  const name = options.withRetiredRecords ? 'inventory_sku_suggestions_all' : 'inventory_sku_suggestions';
  const values = [scope.businessId, locationId, from, `${from}\u{10FFFF}`];
  const result = await scope.tx.$client.query<SkuSuggestionRow & { total: string }>({
    name,
    text: `select p.id as "productId", i.id as "inventoryId", p.sku, p.name as "productName", p.barcode,
                  coalesce(i.quantity, 0) as quantity, count(*) over () as total
           ${source}
           order by p.sku_lower, p.id limit $5 offset $6`,
    values: [...values, page.limit, page.offset],
  });
  let total = Number(result.rows[0]?.total ?? 0);
  if (result.rows.length === 0 && page.offset > 0) {
    const counted = await scope.tx.$client.query<{ total: string }>({
      name: `${name}_count`,
      text: `select count(*) as total ${source}`,
      values,
    });
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return { rows: result.rows.map(({ total: _total, ...row }) => row), total };
}

/** Units held, over the business or narrowed to a location and/or a product. */
export async function sumQuantity(
  scope: TenantScope,
  filter: { locationId?: string; productId?: string },
): Promise<number> {
  const result = await scope.tx.$client.query<{ total: string }>({
    name: 'inventory_sum_quantity',
    text: `select coalesce(sum(quantity), 0) as total from inventory_items
           where business_id = $1 and ($2::uuid is null or location_id = $2) and ($3::uuid is null or product_id = $3)`,
    values: [scope.businessId, filter.locationId ?? null, filter.productId ?? null],
  });
  return Number(result.rows[0]?.total ?? 0);
}

export type AvailabilityRow = {
  locationId: string;
  locationName: string;
  productId: string;
  onHand: number;
  inTransitOut: number;
  inTransitIn: number;
  pendingOut: number;
};

/**
 * Every location holding the SKU: on hand, in transit out and in (IN_TRANSIT movements), and
 * what PENDING movements will take out once validated at the source.
 */
export async function findAvailability(scope: TenantScope, sku: string): Promise<AvailabilityRow[]> {
  const moving = (status: string, end: 'source' | 'destination') =>
    `coalesce((select sum(m.quantity) from stock_movements m
       where m.business_id = $1 and m.status = '${status}' and m.${end}_location_id = i.location_id
         and m.sku = p.sku), 0)`;
  const result = await scope.tx.$client.query<AvailabilityRow>({
    name: 'inventory_availability',
    text: `select i.location_id as "locationId", l.name as "locationName", i.product_id as "productId",
                  i.quantity as "onHand",
                  ${moving('IN_TRANSIT', 'source')} as "inTransitOut",
                  ${moving('IN_TRANSIT', 'destination')} as "inTransitIn",
                  ${moving('PENDING', 'source')} as "pendingOut"
           from products p
           join inventory_items i on i.business_id = p.business_id and i.product_id = p.id
           join locations l on l.business_id = i.business_id and l.id = i.location_id
           where p.business_id = $1 and p.sku = $2
           order by l.name, l.id`,
    values: [scope.businessId, sku],
  });
  return result.rows.map((row) => ({
    ...row,
    inTransitOut: Number(row.inTransitOut),
    inTransitIn: Number(row.inTransitIn),
    pendingOut: Number(row.pendingOut),
  }));
}

export type LedgerRow = {
  id: string;
  inventoryId: string;
  delta: number;
  quantityAfter: number;
  reason: string;
  cause: string | null;
  reference: string | null;
  note: string | null;
  userId: string | null;
  userName: string | null;
  createdAt: Date;
};

/**
 * A page of an item's ledger, newest first (the index stock_ledger_item_idx). The user's name
 * comes through the users policy: a user the request role may not see leaves it null.
 */
export async function findLedgerPage(
  scope: TenantScope,
  inventoryId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: LedgerRow[]; total: number }> {
  const result = await scope.tx.$client.query<LedgerRow>({
    name: 'inventory_ledger_page',
    text: `select l.id, l.inventory_id as "inventoryId", l.delta, l.quantity_after as "quantityAfter",
                  l.reason, l.cause, l.reference, l.note, l.user_id as "userId", u.full_name as "userName",
                  l.created_at as "createdAt"
           from stock_ledger l left join users u on u.id = l.user_id
           where l.business_id = $1 and l.inventory_id = $2
           order by l.created_at desc, l.id desc
           limit $3 offset $4`,
    values: [scope.businessId, inventoryId, page.limit, page.offset],
  });
  const counted = await scope.tx.$client.query<{ total: string }>({
    name: 'inventory_ledger_count',
    text: 'select count(*) as total from stock_ledger where business_id = $1 and inventory_id = $2',
    values: [scope.businessId, inventoryId],
  });
  return { rows: result.rows, total: Number(counted.rows[0]?.total ?? 0) };
}
