import type { TenantScope } from '../../platform/db/tenancy.js';

/**
 * The movement reads that are not lists of movements: the weekly summary (over
 * `stock_movements`) and the SKUs a movement can take (plain SQL over the catalogue's products
 * and the inventory's items, as the movement views read names).
 */

export type WeekRow = { weekStart: string; unitsOut: number; unitsIn: number };

/**
 * Units validated at a source (out) and at a destination (in) per week, for `weeks` weeks up to
 * the one holding `now`; weeks start on Monday in `timeZone`. Every week is answered, empty ones
 * as 0.
 */
export async function sumUnitsByWeek(
  scope: TenantScope,
  now: Date,
  timeZone: string,
  weeks: number,
): Promise<WeekRow[]> {
  const result = await scope.tx.$client.query<WeekRow>({
    name: 'movements_units_by_week',
    text: `
      with bounds as (
        select date_trunc('week', $2::timestamptz at time zone $3) as this_week
      ), weeks as (
        select generate_series(this_week - make_interval(weeks => $4 - 1), this_week, interval '1 week') as week
        from bounds
      ), window_start as (
        select min(week) at time zone $3 as since from weeks
      ), moved as (
        select date_trunc('week', m.source_validated_at at time zone $3) as week, m.quantity as units_out, 0 as units_in
        from stock_movements m, window_start
        where m.business_id = $1 and m.source_validated_at >= window_start.since
        union all
        select date_trunc('week', m.destination_validated_at at time zone $3), 0, m.quantity
        from stock_movements m, window_start
        where m.business_id = $1 and m.destination_validated_at >= window_start.since
      )
      select to_char(weeks.week, 'YYYY-MM-DD') as "weekStart",
             coalesce(sum(moved.units_out), 0)::bigint as "unitsOut",
             coalesce(sum(moved.units_in), 0)::bigint as "unitsIn"
      from weeks left join moved on moved.week = weeks.week
      group by weeks.week order by weeks.week`,
    values: [scope.businessId, now, timeZone, weeks],
  });
  return result.rows;
}

/** Active products of $2 whose stored lower-case SKU lies in [$3, $4): the prefix as a range. */
const SKU_PREFIX_AT = `p.business_id = $1 and p.location_id = $2 and p.active
  and p.sku_lower ~>=~ $3 and p.sku_lower ~<~ $4`;

export type SkuSuggestionRow = {
  productId: string;
  sku: string;
  productName: string;
  barcode: string | null;
  quantity: number;
};

/**
 * Active products of a location whose SKU starts with the prefix (any case), with their stock,
 * by SKU. The range on the stored `sku_lower` is leakproof, so it is an index condition under
 * row-level security (see product-list.repository.ts).
 */
export async function findSkuSuggestions(
  scope: TenantScope,
  locationId: string,
  prefix: string,
  page: { limit: number; offset: number },
): Promise<SkuSuggestionRow[]> {
  const from = prefix.toLowerCase();
  const result = await scope.tx.$client.query<SkuSuggestionRow>({
    name: 'movements_sku_suggestions',
    text: `
      select p.id as "productId", p.sku, p.name as "productName", p.barcode,
             coalesce(i.quantity, 0) as quantity
      from products p
      left join inventory_items i on i.business_id = p.business_id and i.location_id = p.location_id and i.product_id = p.id
      where ${SKU_PREFIX_AT}
      order by p.sku, p.id limit $5 offset $6`,
    values: [scope.businessId, locationId, from, `${from}\u{10FFFF}`, page.limit, page.offset],
  });
  return result.rows;
}

export async function countSkuSuggestions(
  scope: TenantScope,
  locationId: string,
  prefix: string,
): Promise<number> {
  const from = prefix.toLowerCase();
  const result = await scope.tx.$client.query<{ total: number }>({
    name: 'movements_sku_suggestions_count',
    text: `select count(*) as total from products p where ${SKU_PREFIX_AT}`,
    values: [scope.businessId, locationId, from, `${from}\u{10FFFF}`],
  });
  return result.rows[0]?.total ?? 0;
}
