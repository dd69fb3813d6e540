import type { Db } from '../platform/db/database.js';
import { inJobTenant } from '../platform/db/tenancy.js';

/**
 * The demo's opening stock came in through counts, which carry no cost, so its items would value
 * their units at the product's cost price until a receipt. As if purchases had come in at slightly
 * different prices, each item takes a moving average cost within -3 % to +5 % of its product's cost
 * price (repeatable: `setseed`). Only the cost column: the quantity stays the stock function's.
 */
export async function setDemoAverageCosts(db: Db, businessId: string): Promise<number> {
  return inJobTenant(db, businessId, async ({ tx }) => {
    await tx.$client.query('select setseed(0.2718)');
    const result = await tx.$client.query(
      `update inventory_items i set average_unit_cost = round(p.cost_price * (0.97 + 0.08 * random())::numeric, 4)
       from products p
       where i.business_id = $1 and p.business_id = i.business_id and p.id = i.product_id
         and p.cost_price is not null and i.average_unit_cost is null`,
      [businessId],
    );
    return result.rowCount ?? 0;
  });
}
