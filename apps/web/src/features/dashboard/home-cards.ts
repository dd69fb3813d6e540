import { PLANS, PLAN_IDS, isPermitted, type Feature, type PlanId } from '@app/contracts';

/**
 * Which overview cards the home shows, from the user's roles and the business's plan. A card
 * shows only when both allow its data, so the home never fires a call that is refused.
 */
export type HomeCards = {
  /** 'locked': the roles read sales figures but the plan lacks them (a click opens Feature Locked). */
  sales: 'open' | 'locked' | null;
  lowStock: boolean;
  movements: boolean;
  /** What the stock is worth: for those who see costs (inventory:value), on every plan. */
  stockValue: boolean;
  /**
   * 'audit': the audit log's latest entries. 'sales': the latest sales of every store, for those
   * who read sales but not the audit log (staff, or a plan without it).
   */
  activity: 'audit' | 'sales' | null;
};

/**
 * Whether the plan has the feature. Staff cannot read the subscription (`planId` null): a
 * feature in every plan is theirs, any other is not assumed.
 */
export function planAllows(feature: Feature, planId: PlanId | null): boolean {
  if (planId) return PLANS[planId].features.includes(feature);
  return PLAN_IDS.every((id) => PLANS[id].features.includes(feature));
}

export function homeCardsFor(roles: readonly string[], planId: PlanId | null): HomeCards {
  const readsStock = isPermitted(roles, 'inventory:read');
  const sales = isPermitted(roles, 'analytics:read')
    ? planAllows('ANALYTICS_BASIC', planId)
      ? 'open'
      : 'locked'
    : null;
  let activity: HomeCards['activity'] = null;
  if (isPermitted(roles, 'audit:read') && planAllows('AUDIT_LOG', planId)) activity = 'audit';
  else if (isPermitted(roles, 'sales:read')) activity = 'sales';
  return {
    sales,
    lowStock: readsStock,
    movements: readsStock,
    stockValue: isPermitted(roles, 'inventory:value'),
    activity,
  };
}

/** The subscription is read only by those who may (business roles); staff go by planAllows. */
export function readsPlan(roles: readonly string[]): boolean {
  return isPermitted(roles, 'subscription:read');
}
