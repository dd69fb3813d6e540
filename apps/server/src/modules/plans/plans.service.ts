import type { Feature, PlanLimits } from '@app/contracts';
import type { Tx } from '../../platform/db/tenancy.js';
import { planViolation } from '../../platform/http/app-error.js';
import { findAllPlans, findPlan, type PlanRow } from './plans.repository.js';

export type Plan = {
  id: string;
  name: string;
  priceMonthly: string;
  limits: PlanLimits;
  features: Feature[];
};

function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    priceMonthly: row.priceMonthly,
    limits: {
      stores: row.maxStores,
      warehouses: row.maxWarehouses,
      products: row.maxProducts,
      staffUsers: row.maxStaffUsers,
    },
    features: row.features as Feature[],
  };
}

export async function getPlan(tx: Tx, planId: string): Promise<Plan> {
  const row = await findPlan(tx, planId);
  if (!row) throw new Error(`plan ${planId} is not seeded`);
  return toPlan(row);
}

/** The plans on offer, cheapest first. */
export async function listPlans(tx: Tx): Promise<Plan[]> {
  return (await findAllPlans(tx)).map(toPlan);
}

/**
 * The plan gate for counted things: refuses with a plan violation (403, X-Plan-Violation) when
 * one more would pass the plan's limit. `null` is unlimited.
 */
export function assertWithinLimit(plan: Plan, limit: keyof PlanLimits, used: number, what: string): void {
  const max = plan.limits[limit];
  if (max !== null && used >= max) {
    // "1 store", "3 stores": every `what` so far is a plural ending in s.
    const counted = max === 1 ? what.replace(/s$/, '') : what;
    throw planViolation(`The ${plan.name} plan allows ${max} ${counted}. Upgrade your plan to add more.`);
  }
}

export function assertFeature(plan: Plan, feature: Feature): void {
  if (!plan.features.includes(feature)) throw planViolation();
}
