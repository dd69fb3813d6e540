import { and, asc, count, eq, gte, not, sql } from 'drizzle-orm';
import { preparedQuery } from '../../../platform/db/prepared.js';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { products } from './products.table.js';
import type { ProductRow } from './products.repository.js';

export type ListPlacement = {
  /** Positions handed out at the location so far (the last position). */
  positions: number;
  /** Deleted products' positions. */
  gaps: number;
  /** Positions the list skips: the gaps, plus discontinued products when only active ones show. */
  hidden: number;
  /** The position of the page's first row (past `positions` when the page is empty). */
  start: number;
};

const PLACEMENT_SQL = (isInactiveHidden: boolean) => `
  with hidden (position, is_gap) as (
    select list_position, true from product_position_gaps where business_id = $1 and location_id = $2
    ${isInactiveHidden ? 'union all select list_position, false from products where business_id = $1 and location_id = $2 and not active' : ''}
  ),
  ranked as (select is_gap, position - row_number() over (order by position) as visible_before from hidden)
  select l.product_position_seq as positions,
    (select count(*) from ranked where is_gap) as gaps,
    (select count(*) from ranked) as hidden,
    (select count(*) from ranked where visible_before <= $3) as before
  from locations l where l.business_id = $1 and l.id = $2`;
const PLACEMENT = {
  activeOnly: { name: 'products_place_page_active', text: PLACEMENT_SQL(true) },
  all: { name: 'products_place_page_all', text: PLACEMENT_SQL(false) },
};

/**
 * Places page `offset / size` of a location's list without walking the rows before it (see
 * firstPositionOfPage in product-rules.ts): over the hidden positions only, h_i - i counts the
 * visible positions before the i-th one, and each hidden position with at most `offset` visible
 * ones before it moves the start one on. Discontinued rows come from the partial index
 * products_inactive_position_idx, deleted ones from product_position_gaps; both are few.
 * Answers undefined for an unknown location.
 */
export async function placeListPage(
  scope: TenantScope,
  locationId: string,
  offset: number,
  options: { isInactiveHidden: boolean },
): Promise<ListPlacement | undefined> {
  // A named statement: PostgreSQL parses and plans it once per connection (the hot list path).
  const statement = options.isInactiveHidden ? PLACEMENT.activeOnly : PLACEMENT.all;
  const result = await scope.tx.$client.query<{
    positions: string;
    gaps: string;
    hidden: string;
    before: string;
  }>({
    ...statement,
    values: [scope.businessId, locationId, offset],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    positions: Number(row.positions),
    gaps: Number(row.gaps),
    hidden: Number(row.hidden),
    start: offset + 1 + Number(row.before),
  };
}

const selectPageFrom = (name: string, isActiveOnly: boolean) =>
  preparedQuery(name, (tx) =>
    tx
      .select()
      .from(products)
      .where(
        and(
          eq(products.businessId, sql.placeholder('businessId')),
          eq(products.locationId, sql.placeholder('locationId')),
          gte(products.listPosition, sql.placeholder('start')),
          ...(isActiveOnly ? [eq(products.active, true)] : []),
        ),
      )
      .orderBy(asc(products.listPosition))
      .limit(sql.placeholder('size')),
  );
const selectActivePageFrom = selectPageFrom('products_page_from_active', true);
const selectAnyPageFrom = selectPageFrom('products_page_from_all', false);

/** One page by position: the products from `start` on, in list order. */
export async function findListPageFrom(
  scope: TenantScope,
  locationId: string,
  start: number,
  size: number,
  options: { isActiveOnly: boolean },
): Promise<ProductRow[]> {
  const select = options.isActiveOnly ? selectActivePageFrom : selectAnyPageFrom;
  return select(scope.tx, { businessId: scope.businessId, locationId, start, size });
}

/** The discontinued products of a location (few: the partial index), in list order. */
export async function findDiscontinuedPage(
  scope: TenantScope,
  locationId: string,
  page: { offset: number; size: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = and(
    eq(products.businessId, scope.businessId),
    eq(products.locationId, locationId),
    not(products.active),
  );
  const rows = await scope.tx
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.listPosition))
    .limit(page.size)
    .offset(page.offset);
  const [total] = await scope.tx.select({ n: count() }).from(products).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The search's condition; `active` null matches both. */
/**
 * The prefix as a range, `from <= lower(x) < from || U+10FFFF`, with the operators of the
 * text_pattern_ops indexes (~>=~, ~<~): unlike LIKE with a parameter, a range of parameters can
 * use the indexes in the generic plan a prepared statement settles on, and wildcards in the text
 * mean nothing. The two ranges (SKU, name) are read through both indexes and OR'ed.
 */
function searchWhere(active: boolean | null) {
  const from = sql`lower(${sql.placeholder('prefix')})`;
  const to = sql`lower(${sql.placeholder('prefixEnd')})`;
  return and(
    eq(products.businessId, sql.placeholder('businessId')),
    eq(products.locationId, sql.placeholder('locationId')),
    sql`((lower(${products.sku}) ~>=~ ${from} and lower(${products.sku}) ~<~ ${to}) or (lower(${products.name}) ~>=~ ${from} and lower(${products.name}) ~<~ ${to}))`,
    ...(active === null ? [] : [eq(products.active, active)]),
  );
}

type SearchVariant = 'active' | 'discontinued' | 'all';
const ACTIVE_OF: Record<SearchVariant, boolean | null> = { active: true, discontinued: false, all: null };

function prepareSearch(variant: SearchVariant) {
  const where = searchWhere(ACTIVE_OF[variant]);
  return {
    rows: preparedQuery(`products_search_${variant}`, (tx) =>
      tx
        .select()
        .from(products)
        .where(where)
        .orderBy(asc(products.sku))
        .limit(sql.placeholder('size'))
        .offset(sql.placeholder('offset')),
    ),
    count: preparedQuery(`products_search_count_${variant}`, (tx) =>
      tx.select({ n: count() }).from(products).where(where),
    ),
  };
}
const SEARCH = {
  active: prepareSearch('active'),
  discontinued: prepareSearch('discontinued'),
  all: prepareSearch('all'),
};

/**
 * Products of a location whose SKU or name starts with the prefix (case-insensitive), ordered by
 * SKU, through the text_pattern_ops indexes of the migration (see searchWhere).
 * Prepared per connection: the search runs on every keystroke of the product screen.
 */
export async function searchProductsAt(
  scope: TenantScope,
  locationId: string,
  prefix: string,
  options: { active: boolean | null; offset: number; size: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  // U+10FFFF sorts after every character: every text that starts with the prefix is below it.
  const values = { businessId: scope.businessId, locationId, prefix, prefixEnd: `${prefix}\u{10FFFF}` };
  const search = SEARCH[options.active === null ? 'all' : options.active ? 'active' : 'discontinued'];
  const rows = await search.rows(scope.tx, { ...values, size: options.size, offset: options.offset });
  const [total] = await search.count(scope.tx, values);
  return { rows, total: total?.n ?? 0 };
}
