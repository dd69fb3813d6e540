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

type SearchVariant = 'active' | 'discontinued' | 'all';
const ACTIVE_CONDITION: Record<SearchVariant, string> = {
  active: 'and active',
  discontinued: 'and not active',
  all: '',
};

/** Where the stored lower-case column starts with $3: a range up to $4 = $3 || U+10FFFF. */
function prefixRange(column: 'sku_lower' | 'name_lower', variant: SearchVariant): string {
  return `business_id = $1 and location_id = $2 and ${column} ~>=~ $3 and ${column} ~<~ $4 ${ACTIVE_CONDITION[variant]}`;
}

/**
 * The ids of one page of matches, with the total, from the indexes alone: the SKU range and the
 * name range each read their own index (covering and partial on active rows: migration 0007),
 * their union is sorted by SKU, and only the page's rows are then read from the table. A
 * three-letter search matches about one product in forty, each on its own heap page: reading
 * them all from the table (an OR of the two ranges, and again for the count) cost more than the
 * rest of the request together once a million products outgrew the buffer cache.
 *
 * The prefix is a range, `$3 <= x_lower < $3 || U+10FFFF`, on the stored lower-case columns with
 * the operators of their text_pattern_ops indexes (~>=~, ~<~): leakproof, so under row-level
 * security they are index conditions (a condition calling lower() is not: it would be checked
 * after the policy, row by row), and a range of parameters uses the index in the generic plan
 * of a prepared statement (LIKE $1 cannot); wildcards in the text mean nothing.
 */
function searchPageSql(variant: SearchVariant): string {
  return `
    with matches as (
      select id, sku from products where ${prefixRange('sku_lower', variant)}
      union
      select id, sku from products where ${prefixRange('name_lower', variant)}
    )
    select id, count(*) over () as total from matches order by sku, id limit $5 offset $6`;
}

function searchCountSql(variant: SearchVariant): string {
  return `
    select count(*) as total from (
      select id from products where ${prefixRange('sku_lower', variant)}
      union
      select id from products where ${prefixRange('name_lower', variant)}
    ) matches`;
}

const VARIANTS: readonly SearchVariant[] = ['active', 'discontinued', 'all'];
const SEARCH_PAGE = Object.fromEntries(
  VARIANTS.map((variant) => [
    variant,
    { name: `products_search_page_${variant}`, text: searchPageSql(variant) },
  ]),
) as Record<SearchVariant, { name: string; text: string }>;
const SEARCH_COUNT = Object.fromEntries(
  VARIANTS.map((variant) => [
    variant,
    { name: `products_search_count_${variant}`, text: searchCountSql(variant) },
  ]),
) as Record<SearchVariant, { name: string; text: string }>;

const selectProductsByIds = preparedQuery('products_by_ids', (tx) =>
  tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.businessId, sql.placeholder('businessId')),
        sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`,
      ),
    ),
);

/**
 * Products of a location whose SKU or name starts with the prefix (case-insensitive), ordered by
 * SKU (see searchPageSql); named statements, since the search runs on every keystroke.
 */
export async function searchProductsAt(
  scope: TenantScope,
  locationId: string,
  prefix: string,
  options: { active: boolean | null; offset: number; size: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  // U+10FFFF sorts after every character: every text that starts with the prefix is below it.
  const variant: SearchVariant = options.active === null ? 'all' : options.active ? 'active' : 'discontinued';
  // Lower-cased here: lower($3) in the SQL would not be leakproof (see searchPageSql).
  const from = prefix.toLowerCase();
  const values = [scope.businessId, locationId, from, `${from}\u{10FFFF}`];
  const page = await scope.tx.$client.query<{ id: string; total: string }>({
    ...SEARCH_PAGE[variant],
    values: [...values, options.size, options.offset],
  });
  let total = Number(page.rows[0]?.total ?? 0);
  if (page.rows.length === 0 && options.offset > 0) {
    // Past the last page: no row carried the total.
    const counted = await scope.tx.$client.query<{ total: string }>({ ...SEARCH_COUNT[variant], values });
    total = Number(counted.rows[0]?.total ?? 0);
  }
  const ids = page.rows.map((row) => row.id);
  if (ids.length === 0) return { rows: [], total };
  const found = await selectProductsByIds(scope.tx, { businessId: scope.businessId, ids });
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.map((id) => byId.get(id)).filter((row): row is ProductRow => row !== undefined);
  return { rows, total };
}
