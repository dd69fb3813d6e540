/**
 * The SQL of the inventory page (GET /api/inventory/page/location/{id}) that the bare reference
 * sends: keep it equal to what the inventory items repository sends, so that the ratio measures
 * the application, not a different query.
 *
 * $1 business, $2 location, $3 size, $4 offset. A product belongs to one location and has at most
 * one item there, so the items of a location are listed in their products' position order.
 */
export const PAGE_SQL = `
  select i.id, i.location_id, i.product_id, p.sku, p.barcode, p.name as product_name, i.quantity,
         i.reorder_point, i.active, i.created_at, i.updated_at
  from inventory_items i
  join products p on p.business_id = i.business_id and p.id = i.product_id
  where i.business_id = $1 and i.location_id = $2 and i.active
  order by p.list_position
  limit $3 offset $4`;

export const COUNT_SQL = `
  select count(*)::int as total from inventory_items where business_id = $1 and location_id = $2 and active`;

/** Units on their way out of (validated at the source) and into the location, for the page's rows. */
export const IN_TRANSIT_SQL = `
  select p.product_id,
    (select coalesce(sum(m.quantity), 0)::int from stock_movements m
      where m.business_id = $1 and m.source_location_id = $2 and m.product_id = p.product_id
        and m.status = 'IN_TRANSIT') as out,
    (select coalesce(sum(m.quantity), 0)::int from stock_movements m
      where m.business_id = $1 and m.destination_location_id = $2 and m.sku = p.sku
        and m.status = 'IN_TRANSIT') as in
  from unnest($3::uuid[], $4::text[]) as p(product_id, sku)`;
