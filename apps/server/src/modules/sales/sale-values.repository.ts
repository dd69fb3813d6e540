import type { TenantScope } from '../../platform/db/tenancy.js';

/**
 * Sales value per product at one location over whole days, from the daily product rollup (one row
 * per store, day and product, refunds already subtracted). A location serves at most one store
 * (DESIGN 12); the join keeps the read correct if it ever served several.
 */
export async function sumSalesValueByProduct(
  scope: TenantScope,
  locationId: string,
  fromDay: string,
  toDay: string,
): Promise<Array<{ productId: string; value: string }>> {
  const result = await scope.tx.$client.query<{ productId: string; value: string }>({
    name: 'sales_value_by_product_at',
    text: `
      select d.product_id as "productId", sum(d.total)::numeric(20, 2)::text as value
      from sales_daily_products d
      join stores s on s.business_id = d.business_id and s.id = d.store_id
      where d.business_id = $1 and s.location_id = $2 and d.day >= $3::date and d.day < $4::date
      group by d.product_id`,
    values: [scope.businessId, locationId, fromDay, toDay],
  });
  return result.rows;
}
