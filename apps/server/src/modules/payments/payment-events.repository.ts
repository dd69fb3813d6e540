import type { TenantScope } from '../../platform/db/tenancy.js';
import { paymentEvents } from './payment-events.table.js';

/**
 * Records that the business applies the provider's event `id`: false when it was applied before
 * (a replay or a redelivery). A second delivery running at the same time waits on the key
 * until the first commits, then finds it.
 */
export async function recordPaymentEvent(scope: TenantScope, id: string, type: string): Promise<boolean> {
  const inserted = await scope.tx
    .insert(paymentEvents)
    .values({ businessId: scope.businessId, id, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length === 1;
}
