import type { TenantScope } from '../../platform/db/tenancy.js';
import { sumSalesValueByProduct } from './sale-values.repository.js';

/**
 * What other modules read of sales value (the ABC classes of cycle counts, issue 16): money taken
 * per product at a location, sales less refunds, over the days [fromDay, toDay) of the business's
 * calendar (`yyyy-MM-dd`, as the rollups file a sale under its day in the business's time zone).
 * Products that sold nothing are absent. Values are decimal strings with two decimals.
 */
export async function salesValueByProductAt(
  scope: TenantScope,
  locationId: string,
  fromDay: string,
  toDay: string,
): Promise<Map<string, string>> {
  const rows = await sumSalesValueByProduct(scope, locationId, fromDay, toDay);
  return new Map(rows.map((row) => [row.productId, row.value]));
}
