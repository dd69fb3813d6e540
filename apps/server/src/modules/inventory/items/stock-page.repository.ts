import type { TenantScope } from '../../../platform/db/tenancy.js';
import { ITEM_COLUMNS, type ItemView } from './items.repository.js';

/**
 * The stock table of a location (GET /api/inventory/page/location/{id}), in the order the items
 * were added there (`list_position`, see inventory-items.table.ts). One statement answers the
 * page, its total and whether the location exists, in one round trip.
 *
 * Without a search or the low-stock filter, a page is placed by arithmetic instead of skipping
 * rows, as the product list is (ARCHITECTURE "paging by position"): a location's items hold the
 * positions 1..last_position less the gaps of deleted items, and the active table also steps over
 * the retired ones (a partial index). Over those hidden positions h_1 < h_2 < ..., h_i - i counts
 * the visible positions before the i-th, so the first row of the page at offset O is the first
 * visible position from O + 1 + #{i : h_i - i <= O}; the total is last_position less the hidden.
 * Page 2,000 costs what page 0 costs; the hidden positions are few (1% retired: 500 of 50,000).
 *
 * A search, the retired items alone or the low-stock items are walked in position order with an
 * OFFSET and counted: they narrow the table, and a low-stock index would follow every sale.
 *
 * The in-transit sums run for the page's rows only, each through the partial index that matches
 * it: out of the location by product (stock_movements_open_source_idx; a movement names the
 * source's product), into it by SKU (stock_movements_open_destination_idx).
 *
 * `stock_movements` and `locations` belong to other modules: they are read here in plain SQL
 * (no import crosses the module line). Prefix searches compare the products' stored lower-case
 * columns with the leakproof `~>=~` and `~<~` of a range (see product-list.repository.ts): under
 * row-level security a condition calling lower() or LIKE is checked row by row after the policy
 * and never reaches an index.
 */

export type StockFilter = {
  /** Start of the SKU or the name, any case; empty or absent: no condition. */
  search?: string;
  /** true: active items only; false: retired only; null: both. */
  active: boolean | null;
  isLowStockOnly: boolean;
};

export type StockRowView = ItemView & { inTransitOut: number; inTransitIn: number };

/** A row of the statement: the page's total on every row; a page past the end is one row of nulls. */
type Row = Omit<StockRowView, 'id' | 'inTransitOut' | 'inTransitIn'> & {
  id: string | null;
  total: string;
  list_position: string | null;
  inTransitOut: string;
  inTransitIn: string;
};

/** The item and product columns of a page's rows (`i`, `p`) with the in-transit sums. */
const ROW_COLUMNS = `${ITEM_COLUMNS}, i.list_position,
  coalesce((select sum(m.quantity) from stock_movements m
            where m.business_id = $1 and m.source_location_id = $2 and m.product_id = i.product_id
              and m.status = 'IN_TRANSIT'), 0) as "inTransitOut",
  coalesce((select sum(m.quantity) from stock_movements m
            where m.business_id = $1 and m.destination_location_id = $2 and m.sku = p.sku
              and m.status = 'IN_TRANSIT'), 0) as "inTransitIn"`;

/**
 * The placed page: $1 business, $2 location, $3 offset, $4 size. `isActiveOnly` steps over the
 * retired items as well as the gaps.
 */
export function placedPageSql(isActiveOnly: boolean): string {
  return `
    with hidden (position) as (
      select list_position from inventory_position_gaps where business_id = $1 and location_id = $2
      ${isActiveOnly ? 'union all select list_position from inventory_items where business_id = $1 and location_id = $2 and not active' : ''}
    ),
    ranked as (select position - row_number() over (order by position) as visible_before from hidden),
    place as (
      select coalesce((select c.last_position from inventory_positions c
                       where c.business_id = $1 and c.location_id = $2), 0)
               - (select count(*) from ranked) as total,
             $3::bigint + 1 + (select count(*) from ranked where visible_before <= $3::bigint) as start
      from locations l where l.business_id = $1 and l.id = $2
    )
    select place.total, row.* from place left join lateral (
      select ${ROW_COLUMNS}
      from (select * from inventory_items
            where business_id = $1 and location_id = $2 and list_position >= place.start ${isActiveOnly ? 'and active' : ''}
            order by list_position limit $4) i
      join products p on p.business_id = i.business_id and p.id = i.product_id
    ) row on true
    order by row.list_position`;
}

/** The conditions of a walked page on the items (`i`) and, for a search, their products. */
function walkConditions(filter: StockFilter): string {
  const conditions = ['i.business_id = $1', 'i.location_id = $2'];
  // Literal, not a parameter: `not i.active` is the partial index's own predicate.
  if (filter.active !== null) conditions.push(filter.active ? 'i.active' : 'not i.active');
  if (filter.isLowStockOnly) conditions.push('i.reorder_point is not null and i.quantity < i.reorder_point');
  if (filter.search)
    conditions.push(`i.product_id in (
      select id from products where business_id = $1 and location_id = $2 and sku_lower ~>=~ $5 and sku_lower ~<~ $6
      union
      select id from products where business_id = $1 and location_id = $2 and name_lower ~>=~ $5 and name_lower ~<~ $6)`);
  return conditions.join(' and ');
}

/** The walked page: $1 business, $2 location, $3 offset, $4 size, and a search's range in $5, $6. */
export function walkedPageSql(filter: StockFilter): string {
  return `
    with place as (select 1 from locations l where l.business_id = $1 and l.id = $2),
    matches as (select i.id, i.list_position from inventory_items i where ${walkConditions(filter)}),
    page as (select id from matches order by list_position limit $4 offset $3)
    select (select count(*) from matches) as total, row.* from place left join lateral (
      select ${ROW_COLUMNS}
      from page join inventory_items i on i.business_id = $1 and i.id = page.id
      join products p on p.business_id = i.business_id and p.id = i.product_id
    ) row on true
    order by row.list_position`;
}

/** The named statement of a filter: PostgreSQL parses and plans each once per connection. */
function statementOf(filter: StockFilter): { name: string; text: string } {
  const search = Boolean(filter.search);
  if (!search && !filter.isLowStockOnly && filter.active !== false) {
    const isActiveOnly = filter.active === true;
    return { name: `inventory_stock_placed_${String(isActiveOnly)}`, text: placedPageSql(isActiveOnly) };
  }
  return {
    name: `inventory_stock_walked_${String(filter.active)}_${String(filter.isLowStockOnly)}_${String(search)}`,
    text: walkedPageSql(filter),
  };
}

/**
 * One page of a location's stock in the order its items were added, with the units on their way
 * out and in, and the total of the filter; undefined when the location is unknown (in this
 * business).
 */
export async function findStockPage(
  scope: TenantScope,
  locationId: string,
  filter: StockFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: StockRowView[]; total: number } | undefined> {
  const values: unknown[] = [scope.businessId, locationId, page.offset, page.limit];
  if (filter.search) {
    // Lower-cased here: lower() in the SQL is not leakproof. U+10FFFF sorts after every character.
    const from = filter.search.toLowerCase();
    values.push(from, `${from}\u{10FFFF}`);
  }
  const result = await scope.tx.$client.query<Row>({ ...statementOf(filter), values });
  const first = result.rows[0];
  if (!first) return undefined;
  const rows: StockRowView[] = [];
  for (const { id, total: _total, list_position: _position, ...row } of result.rows) {
    if (id === null) continue;
    rows.push({ ...row, id, inTransitOut: Number(row.inTransitOut), inTransitIn: Number(row.inTransitIn) });
  }
  return { rows, total: Number(first.total) };
}
