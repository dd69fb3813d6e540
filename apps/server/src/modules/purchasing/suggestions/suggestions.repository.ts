import type { TenantScope } from '../../../platform/db/tenancy.js';

export type UnderReorderRow = {
  productId: string;
  sku: string;
  productName: string;
  quantity: number;
  reorderPoint: number;
  supplierId: string | null;
  supplierName: string | null;
  leadTimeDays: number | null;
  isSupplierActive: boolean;
  /** The average cost, else the cost price, rounded to cents; null when neither is known. */
  unitCost: string | null;
};

/**
 * Serialises the drafts made from one location's suggestions (POST .../suggestions/drafts): held to
 * COMMIT, so a second call reads the suggestions after the first one's drafts are committed and
 * finds them as `drafted` instead of ordering the same units again. A transaction-level advisory
 * lock on the business and location, not a row lock, so nothing else at the location waits on it.
 */
export async function lockSuggestionsAt(scope: TenantScope, locationId: string): Promise<void> {
  await scope.tx.$client.query({
    name: 'purchasing_lock_suggestions_at',
    text: `select pg_advisory_xact_lock(hashtextextended('purchase-suggestions:' || $1 || ':' || lower($2), 0))`,
    values: [scope.businessId, locationId],
  });
}

/** At most this many products come back: a location's whole catalogue under its reorder points. */
export const MAX_SUGGESTED_PRODUCTS = 5_000;

/**
 * The active items of a location under their reorder point (the item's, else the product's), with
 * the product's supplier. Inventory items, products and suppliers are read in plain SQL, as the
 * inventory does with the catalogue.
 */
export async function findItemsUnderReorderPoint(
  scope: TenantScope,
  locationId: string,
): Promise<UnderReorderRow[]> {
  const result = await scope.tx.$client.query<UnderReorderRow>({
    name: 'purchasing_items_under_reorder_point',
    text: `
      select i.product_id as "productId", p.sku, p.name as "productName", i.quantity,
             coalesce(i.reorder_point, p.reorder_point) as "reorderPoint",
             p.supplier_id as "supplierId", s.name as "supplierName", s.lead_time_days as "leadTimeDays",
             coalesce(s.active, false) as "isSupplierActive",
             coalesce(i.average_unit_cost, p.cost_price)::numeric(14, 2)::text as "unitCost"
      from inventory_items i
      join products p on p.business_id = i.business_id and p.id = i.product_id
      left join suppliers s on s.business_id = p.business_id and s.id = p.supplier_id
      where i.business_id = $1 and i.location_id = $2 and i.active and p.active
        and i.quantity < coalesce(i.reorder_point, p.reorder_point)
      order by lower(s.name) nulls last, s.id, p.sku, p.id
      limit ${MAX_SUGGESTED_PRODUCTS}`,
    values: [scope.businessId, locationId],
  });
  return result.rows;
}
