import type { TenantScope } from '../../../platform/db/tenancy.js';
import { ITEM_COLUMNS, ITEM_FROM, type ItemView } from './items.repository.js';

/**
 * The paged and summed reads of inventory. `stock_movements` belongs to the movements module: it
 * is read here in plain SQL, for the in-transit sums only (no import crosses the module line).
 *
 * Prefix searches compare the products' stored lower-case columns with the leakproof `~>=~` and
 * `~<~` of a range (see product-list.repository.ts): under row-level security a condition calling
 * lower() or LIKE is checked row by row after the policy and never reaches an index.
 */

export type StockFilter = {
  /** Start of the SKU or the name, any case; empty or absent: no condition. */
  search?: string;
  /** true: active items only; false: retired only; null: both. */
  active: boolean | null;
  isLowStockOnly: boolean;
};

export type StockRowView = ItemView & { inTransitOut: number; inTransitIn: number };

/** A location's items driven from its products in SKU order (see findStockPage). */
const LOCATION_ITEMS_FROM = `from products p
  join inventory_items i on i.business_id = p.business_id and i.location_id = p.location_id and i.product_id = p.id`;

/**
 * The conditions of a location's items under the filter, numbering parameters from $3 on: on the
 * items alone (`items`), and with those on their products (`all`).
 */
function stockWhere(
  scope: TenantScope,
  locationId: string,
  filter: StockFilter,
): { items: string; all: string; values: unknown[] } {
  const values: unknown[] = [scope.businessId, locationId];
  const items = ['i.business_id = $1', 'i.location_id = $2'];
  const products = ['p.business_id = $1', 'p.location_id = $2'];
  if (filter.active !== null) {
    values.push(filter.active);
    items.push(`i.active = $${values.length}`);
  }
  if (filter.isLowStockOnly) items.push('i.reorder_point is not null and i.quantity < i.reorder_point');
  if (filter.search) {
    // Lower-cased here: lower() in the SQL is not leakproof. U+10FFFF sorts after every character.
    const from = filter.search.toLowerCase();
    values.push(from, `${from}\u{10FFFF}`);
    const [low, high] = [`$${values.length - 1}`, `$${values.length}`];
    products.push(
      `((p.sku_lower ~>=~ ${low} and p.sku_lower ~<~ ${high}) or (p.name_lower ~>=~ ${low} and p.name_lower ~<~ ${high}))`,
    );
  }
  return { items: items.join(' and '), all: [...items, ...products].join(' and '), values };
}

/**
 * One page of a location's stock by SKU, with the units on their way out of and into the
 * location (IN_TRANSIT movements of the item's SKU), and the total of the filter. The only query
 * of the stock table: a later tuning of deep pages replaces this function alone.
 *
 * The page walks the products of the location in SKU order (the index products_sku_key: SKUs are
 * unique per location, so the order is stable) and stops after the page; the in-transit sums run
 * for the page's rows only. The total is its own count: a count(*) over () on the page would make
 * PostgreSQL join and sort the whole location first (0.2 s at 50,000 items against 0.3 ms).
 */
export async function findStockPage(
  scope: TenantScope,
  locationId: string,
  filter: StockFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: StockRowView[]; total: number }> {
  const where = stockWhere(scope, locationId, filter);
  const limit = `$${where.values.length + 1}`;
  const offset = `$${where.values.length + 2}`;
  const result = await scope.tx.$client.query<StockRowView>(
    `with page as (
       select ${ITEM_COLUMNS} ${LOCATION_ITEMS_FROM}
       where ${where.all}
       order by p.sku
       limit ${limit} offset ${offset}
     )
     select page.*,
       coalesce((select sum(m.quantity) from stock_movements m
                 where m.business_id = $1 and m.status = 'IN_TRANSIT'
                   and m.source_location_id = $2 and m.sku = page.sku), 0) as "inTransitOut",
       coalesce((select sum(m.quantity) from stock_movements m
                 where m.business_id = $1 and m.status = 'IN_TRANSIT'
                   and m.destination_location_id = $2 and m.sku = page.sku), 0) as "inTransitIn"
     from page order by page.sku`,
    [...where.values, page.limit, page.offset],
  );
  // Without a search the items alone are counted (every item has its
  // product: a foreign key), which the index of (business, location, product) answers.
  const counted = await scope.tx.$client.query<{ total: string }>(
    filter.search
      ? `select count(*) as total ${LOCATION_ITEMS_FROM} where ${where.all}`
      : `select count(*) as total from inventory_items i where ${where.items}`,
    where.values,
  );
  const rows = result.rows.map((row) => ({
    ...row,
    inTransitOut: Number(row.inTransitOut),
    inTransitIn: Number(row.inTransitIn),
  }));
  return { rows, total: Number(counted.rows[0]?.total ?? 0) };
}

export type SkuSuggestionRow = {
  productId: string;
  sku: string;
  productName: string;
  barcode: string | null;
  quantity: number;
};

/** Active items of a location whose SKU starts with the prefix (any case), by SKU. */
export async function findSkuSuggestions(
  scope: TenantScope,
  locationId: string,
  prefix: string,
  page: { limit: number; offset: number },
): Promise<{ rows: SkuSuggestionRow[]; total: number }> {
  const from = prefix.toLowerCase();
  const where = `i.business_id = $1 and i.location_id = $2 and i.active
    and p.sku_lower ~>=~ $3 and p.sku_lower ~<~ $4`;
  const values = [scope.businessId, locationId, from, `${from}\u{10FFFF}`];
  const result = await scope.tx.$client.query<SkuSuggestionRow & { total: string }>({
    name: 'inventory_sku_suggestions',
    text: `select p.id as "productId", p.sku, p.name as "productName", p.barcode, i.quantity,
                  count(*) over () as total
           ${ITEM_FROM} where ${where}
           order by p.sku, i.id limit $5 offset $6`,
    values: [...values, page.limit, page.offset],
  });
  let total = Number(result.rows[0]?.total ?? 0);
  if (result.rows.length === 0 && page.offset > 0) {
    const counted = await scope.tx.$client.query<{ total: string }>({
      name: 'inventory_sku_suggestions_count',
      text: `select count(*) as total ${ITEM_FROM} where ${where}`,
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
