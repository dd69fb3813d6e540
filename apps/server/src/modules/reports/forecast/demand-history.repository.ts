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
 * Units sold per SKU and day over [from, to] at every store of the business (days with sales
 * only), from the daily rollups: the demand a warehouse feeds. The same SKU at several locations is
 * the same article (DESIGN 12).
 */
export async function readDailyUnitsBySku(
  scope: TenantScope,
  skus: readonly string[],
  range: { from: string; to: string },
): Promise<Array<{ sku: string; day: string; units: number }>> {
  const result = await scope.tx.$client.query<{ sku: string; day: string; units: number }>({
    name: 'reports_daily_units_by_sku',
    text: `select d.sku, to_char(d.day, 'YYYY-MM-DD') as day, sum(d.quantity)::bigint as units
           from sales_daily_products d
           where d.business_id = $1 and d.day between $3::date and $4::date and d.sku = any($2::text[])
           group by d.sku, d.day`,
    values: [scope.businessId, skus, range.from, range.to],
  });
  return result.rows;
}
