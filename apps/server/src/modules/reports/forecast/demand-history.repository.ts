import type { TenantScope } from '../../../platform/db/tenancy.js';

/** Whether a store sells at the location (a warehouse has none: its demand is what the stores sell). */
export async function hasStoreAt(scope: TenantScope, locationId: string): Promise<boolean> {
  const result = await scope.tx.$client.query<{ found: boolean }>({
    name: 'reports_has_store_at',
    text: 'select exists (select 1 from stores where business_id = $1 and location_id = $2) as found',
    values: [scope.businessId, locationId],
  });
  return result.rows[0]?.found ?? false;
}

/**
 * Units sold of a product (or SKU) per day as two parallel arrays: `days[i]` days after the range's
 * first, `units[i]` sold that day at one store. Suggested orders read 180 days of thousands of
 * products: one row of arrays a product, not one row a day, spares the sort by day and most of
 * what goes over the wire and is parsed. A day sold at several stores of the location comes once
 * a store: the caller adds them up.
 */
export type DailyUnitArrays = { key: string; days: number[]; units: number[] };

/**
 * The daily units of products at the stores of one location over [from, to] (days with sales
 * only), from the daily rollups: the same rows as readDailyUnits of the report's forecast.
 */
export async function readDailyUnitArrays(
  scope: TenantScope,
  locationId: string,
  productIds: readonly string[],
  range: { from: string; to: string },
): Promise<DailyUnitArrays[]> {
  const result = await scope.tx.$client.query<DailyUnitArrays>({
    name: 'reports_daily_unit_arrays',
    text: `select d.product_id as key, array_agg(d.day - $4::date) as days, array_agg(d.quantity::float8) as units
           from sales_daily_products d
           where d.business_id = $1
             and d.store_id = any(array(select st.id from stores st where st.business_id = $1 and st.location_id = $3))
             and d.day >= $4::date and d.day <= $5::date and d.product_id = any($2::uuid[])
           group by d.product_id`,
    values: [scope.businessId, productIds, locationId, range.from, range.to],
  });
  return result.rows;
}

/**
 * The daily units of SKUs at every store of the business over [from, to]: the demand a warehouse
 * feeds. The same SKU at several locations is the same article (DESIGN 12).
 */
export async function readDailyUnitArraysBySku(
  scope: TenantScope,
  skus: readonly string[],
  range: { from: string; to: string },
): Promise<DailyUnitArrays[]> {
  const result = await scope.tx.$client.query<DailyUnitArrays>({
    name: 'reports_daily_unit_arrays_by_sku',
    text: `select d.sku as key, array_agg(d.day - $3::date) as days, array_agg(d.quantity::float8) as units
           from sales_daily_products d
           where d.business_id = $1 and d.day between $3::date and $4::date and d.sku = any($2::text[])
           group by d.sku`,
    values: [scope.businessId, skus, range.from, range.to],
  });
  return result.rows;
}
