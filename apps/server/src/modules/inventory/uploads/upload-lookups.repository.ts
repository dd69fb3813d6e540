import type { TenantScope } from '../../../platform/db/tenancy.js';

/**
 * What a spreadsheet's rows name, read in bulk: one query for the business's locations, one per
 * kind of product code. These read the catalogue's tables as plain SQL (as the stock page reads
 * movements): the catalogue has no bulk lookup by code, and one round trip per row would cost
 * minutes for a 50,000-row sheet.
 */

export type LocationRef = { id: string; name: string; active: boolean };
export type ProductRef = { id: string; locationId: string; sku: string; barcode: string | null };

/** Every location of the business; a business has tens of them, not thousands. */
export async function findLocations(scope: TenantScope): Promise<LocationRef[]> {
  const result = await scope.tx.$client.query<LocationRef>({
    name: 'upload_locations',
    text: 'select id, name, active from locations where business_id = $1',
    values: [scope.businessId],
  });
  return result.rows;
}

/**
 * The products with these (location, code) pairs. Not locked: a product deleted before the upload
 * writes its stock record fails that record's foreign key, which the upload answers as a conflict.
 */
export async function findProductsByCode(
  scope: TenantScope,
  field: 'sku' | 'barcode',
  pairs: ReadonlyArray<{ locationId: string; code: string }>,
): Promise<ProductRef[]> {
  if (pairs.length === 0) return [];
  const result = await scope.tx.$client.query<ProductRef>({
    name: `upload_products_by_${field}`,
    // `field` is one of two literals, never input.
    text: `
      select p.id, p.location_id as "locationId", p.sku, p.barcode
      from products p
      join unnest($2::uuid[], $3::text[]) as wanted(location_id, code)
        on p.location_id = wanted.location_id and p.${field} = wanted.code
      where p.business_id = $1`,
    values: [scope.businessId, pairs.map((pair) => pair.locationId), pairs.map((pair) => pair.code)],
  });
  return result.rows;
}
