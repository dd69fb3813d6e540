import type { TenantScope } from '../../../platform/db/tenancy.js';

export type StockValueRow = {
  locationId: string;
  locationName: string;
  usedBy: 'STORE' | 'WAREHOUSE' | null;
  items: number;
  units: number;
  value: string;
  retailValue: string;
  uncostedItems: number;
};

/**
 * Units on hand per active location at their effective unit cost (the moving average, else the
 * product's cost price) and at their price, in one pass over the business's items with stock. A
 * location without stock answers zeros. Locations and products are read in plain SQL, as the rest
 * of the inventory does.
 */
export async function sumStockValueByLocation(
  scope: TenantScope,
  locationId: string | null,
): Promise<StockValueRow[]> {
  const result = await scope.tx.$client.query<StockValueRow>({
    name: 'inventory_stock_value',
    text: `
      with held as (
        select i.location_id, i.quantity, p.price, coalesce(i.average_unit_cost, p.cost_price) as unit_cost
        from inventory_items i
        join products p on p.business_id = i.business_id and p.id = i.product_id
        where i.business_id = $1 and i.active and i.quantity > 0
          and ($2::uuid is null or i.location_id = $2::uuid)
      ),
      sums as (
        select location_id, count(*)::int as items, sum(quantity)::bigint as units,
               coalesce(sum(quantity * unit_cost), 0) as value, sum(quantity * price) as retail_value,
               (count(*) filter (where unit_cost is null))::int as uncosted_items
        from held group by location_id
      )
      select l.id as "locationId", l.name as "locationName",
             case
               when exists (select 1 from stores s where s.business_id = l.business_id and s.location_id = l.id) then 'STORE'
               when exists (select 1 from warehouses w where w.business_id = l.business_id and w.location_id = l.id) then 'WAREHOUSE'
             end as "usedBy",
             coalesce(s.items, 0) as items, coalesce(s.units, 0)::float8 as units,
             round(coalesce(s.value, 0), 2)::text as value,
             round(coalesce(s.retail_value, 0), 2)::text as "retailValue",
             coalesce(s.uncosted_items, 0) as "uncostedItems"
      from locations l
      left join sums s on s.location_id = l.id
      where l.business_id = $1 and ($2::uuid is null or l.id = $2::uuid)
        and (l.active or s.location_id is not null)
      order by coalesce(s.value, 0) desc, lower(l.name), l.id`,
    values: [scope.businessId, locationId],
  });
  return result.rows;
}
