/**
 * The SQL of the stock page (GET /api/inventory/page/location/{id}, active items, no search)
 * that the bare reference sends: a copy of what the route sends
 * (apps/server/src/modules/inventory/items/item-lists.repository.ts, findStockPage, and the
 * location check of requireLocation), so that the ratio measures the application, not another
 * query. Change both together.
 *
 * $1 business, $2 location; PAGE_SQL: $3 active, $4 limit, $5 offset.
 */
export const LOCATION_SQL = `select * from locations where business_id = $1 and id = $2`;

export const PAGE_SQL = `
  with page as (
    select i.id, i.location_id as "locationId", i.product_id as "productId", p.sku, p.barcode,
      p.name as "productName", i.quantity, i.reorder_point as "reorderPoint", i.active,
      i.created_at as "createdAt", i.updated_at as "updatedAt", count(*) over () as total
    from inventory_items i
      join products p on p.business_id = i.business_id and p.id = i.product_id
    where i.business_id = $1 and i.location_id = $2 and i.active = $3
    order by p.sku, i.id
    limit $4 offset $5
  )
  select page.*,
    coalesce((select sum(m.quantity) from stock_movements m
              where m.business_id = $1 and m.status = 'IN_TRANSIT'
                and m.source_location_id = $2 and m.sku = page.sku), 0) as "inTransitOut",
    coalesce((select sum(m.quantity) from stock_movements m
              where m.business_id = $1 and m.status = 'IN_TRANSIT'
                and m.destination_location_id = $2 and m.sku = page.sku), 0) as "inTransitIn"
  from page order by page.sku, page.id`;
