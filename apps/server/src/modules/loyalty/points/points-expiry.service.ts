import { inGlobal, inJobTenant } from '../../../platform/db/tenancy.js';
import type { LoyaltyDeps } from '../loyalty.deps.js';
import { POINTS_EXPIRY_QUEUE, type PointsExpiryJob } from '../loyalty.queues.js';
import { findBusinessesWithExpiredPoints } from './points.repository.js';
import { expirePoints } from './points.service.js';

/** Businesses queued per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 1000;

/**
 * The sweep: one expiry job per business holding points past their expiry, queued in one
 * transaction. A business queued twice is harmless: its job finds nothing left the second time.
 */
export async function queuePointsExpiries(deps: LoyaltyDeps): Promise<number> {
  return inGlobal(deps.db, async (tx) => {
    const due = await findBusinessesWithExpiredPoints(tx, deps.clock.now(), SWEEP_BATCH);
    for (const businessId of due) await deps.jobs.enqueue(tx, POINTS_EXPIRY_QUEUE, { businessId });
    return due.length;
  });
}

/** One business's expired points written off, in its own transaction: one EXPIRE entry per member. */
export async function expireBusinessPoints(deps: LoyaltyDeps, job: PointsExpiryJob): Promise<number> {
  return inJobTenant(deps.db, job.businessId, (scope) => expirePoints(scope, deps.clock.now()));
}
