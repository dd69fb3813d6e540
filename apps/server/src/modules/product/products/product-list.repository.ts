import { and, asc, count, eq, gte, not, or, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { locations } from '../locations/locations.table.js';
import { productPositionGaps, products } from './products.table.js';
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
  const inactive = options.isInactiveHidden
    ? sql`union all
        select ${products.listPosition}, false from ${products}
        where ${products.businessId} = ${scope.businessId} and ${products.locationId} = ${locationId}
          and not ${products.active}`
    : sql``;
  const result = await scope.tx.execute<{
    positions: string;
    gaps: string;
    hidden: string;
    before: string;
  }>(sql`
    with hidden (position, is_gap) as (
      select ${productPositionGaps.listPosition}, true from ${productPositionGaps}
      where ${productPositionGaps.businessId} = ${scope.businessId}
        and ${productPositionGaps.locationId} = ${locationId}
      ${inactive}
    ),
    ranked as (
      select is_gap, position - row_number() over (order by position) as visible_before from hidden
    )
    select l.product_position_seq as positions,
      (select count(*) from ranked where is_gap) as gaps,
      (select count(*) from ranked) as hidden,
      (select count(*) from ranked where visible_before <= ${offset}) as before
    from ${locations} l
    where l.business_id = ${scope.businessId} and l.id = ${locationId}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    positions: Number(row.positions),
    gaps: Number(row.gaps),
    hidden: Number(row.hidden),
    start: offset + 1 + Number(row.before),
  };
}

/** One page by position: the products from `start` on, in list order. */
export async function findListPageFrom(
  scope: TenantScope,
  locationId: string,
  start: number,
  size: number,
  options: { isActiveOnly: boolean },
): Promise<ProductRow[]> {
  const conditions = [
    eq(products.businessId, scope.businessId),
    eq(products.locationId, locationId),
    gte(products.listPosition, start),
  ];
  if (options.isActiveOnly) conditions.push(eq(products.active, true));
  return scope.tx
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.listPosition))
    .limit(size);
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

/**
 * Products of a location whose SKU or name starts with the pattern (see likePrefixPattern),
 * ordered by SKU. `lower(...) like 'abc%'` uses the text_pattern_ops indexes of the migration.
 */
export async function searchProductsAt(
  scope: TenantScope,
  locationId: string,
  pattern: string,
  options: { active: boolean | null; offset: number; size: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const conditions: SQL[] = [eq(products.businessId, scope.businessId), eq(products.locationId, locationId)];
  const matches = or(
    sql`lower(${products.sku}) like ${pattern}`,
    sql`lower(${products.name}) like ${pattern}`,
  );
  if (matches) conditions.push(matches);
  if (options.active !== null) conditions.push(eq(products.active, options.active));
  const where = and(...conditions);
  const rows = await scope.tx
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.sku))
    .limit(options.size)
    .offset(options.offset);
  const [total] = await scope.tx.select({ n: count() }).from(products).where(where);
  return { rows, total: total?.n ?? 0 };
}
