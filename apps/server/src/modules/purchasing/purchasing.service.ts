import type { TenantScope } from '../../platform/db/tenancy.js';
import { sumOpenQuantities } from './orders/orders.repository.js';

/**
 * What other parts of the app (the suggested orders of purchasing/suggestions/) call of purchase
 * orders. Drafts are created through the same function as the create route, so their rules,
 * numbering and audit are the same.
 */
export { createDraftOrder, type OrderActor } from './orders/order-writes.service.js';

/** Units of a product on order at a location: still to come on sent orders, and on drafts. */
export type OrderedQuantities = {
  /** ordered − received over SENT and PARTIALLY_RECEIVED orders (never below 0 per line). */
  open: number;
  /** ordered over DRAFT orders (not sent yet, so nothing is coming for them). */
  drafted: number;
};

/**
 * Per product id (lower-case) at the location, the units on open orders and on drafts; a product
 * on none is absent. Closed, received and cancelled orders count for nothing.
 */
export async function openOrderQuantities(
  scope: TenantScope,
  locationId: string,
): Promise<Map<string, OrderedQuantities>> {
  const rows = await sumOpenQuantities(scope, locationId);
  return new Map(
    rows.map((row) => [row.productId, { open: Number(row.open), drafted: Number(row.drafted) }]),
  );
}
