import { eq } from 'drizzle-orm';
import type { TenantScope } from '../../platform/db/tenancy.js';
import { businesses } from './businesses.table.js';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusinessRow = Omit<typeof businesses.$inferInsert, 'id'>;

/** The business of the scope; its id is the tenant id, so no other row can be addressed. */
export async function insertBusiness(scope: TenantScope, row: NewBusinessRow): Promise<BusinessRow> {
  const [created] = await scope.tx
    .insert(businesses)
    .values({ ...row, id: scope.businessId })
    .returning();
  if (!created) throw new Error('insert into businesses returned no row');
  return created;
}

export async function findBusiness(scope: TenantScope): Promise<BusinessRow | undefined> {
  const [row] = await scope.tx.select().from(businesses).where(eq(businesses.id, scope.businessId));
  return row;
}

export async function updateBusinessLogo(scope: TenantScope, logoUrl: string): Promise<void> {
  await scope.tx.update(businesses).set({ logoUrl }).where(eq(businesses.id, scope.businessId));
}

/** The plan gate's copy of the subscription's plan (DESIGN 6). */
export async function updateBusinessPlan(scope: TenantScope, planId: string): Promise<void> {
  await scope.tx.update(businesses).set({ planId }).where(eq(businesses.id, scope.businessId));
}

/** Locks the business row for the rest of the transaction (plan-limited creations). */
/** The business's payment account at the provider (Stripe Connect, or the sandbox). */
export async function updateBusinessPaymentAccount(
  scope: TenantScope,
  changes: { stripeAccountId?: string; stripeOnboardingComplete?: boolean },
): Promise<void> {
  await scope.tx.update(businesses).set(changes).where(eq(businesses.id, scope.businessId));
}

export async function lockBusiness(scope: TenantScope): Promise<BusinessRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(businesses)
    .where(eq(businesses.id, scope.businessId))
    .for('update');
  return row;
}
