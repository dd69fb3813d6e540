import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenancy.js';
import { plans } from './plans.table.js';

export type PlanRow = typeof plans.$inferSelect;

export async function findPlan(tx: Tx, id: string): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** Every plan, cheapest first. */
export async function findAllPlans(tx: Tx): Promise<PlanRow[]> {
  return tx.select().from(plans).orderBy(asc(plans.priceMonthly), asc(plans.id));
}
