import { PLANS, PLAN_CURRENCY, PLAN_IDS, type Feature, type PlanId, type PlanLimits } from '@app/contracts';
import { formatPrice } from '../../lib/plans';
import type { CallToAction } from '../site-page';

/**
 * Facts the pages state about plans, built from the contracts' PLANS so that a changed limit or
 * a feature moved to another plan changes the text with it (DESIGN 6 is binding on the pages).
 */

/** The call to action of almost every page: registration starts a business on Free. */
export const START_FREE: CallToAction = { label: 'Start free', to: '/register' };

/** The plan features as the public pages name them (British spelling, as the app's screens). */
export const FEATURE_NAMES: Record<Feature, string> = {
  ANALYTICS_BASIC: 'Basic analytics',
  BULK_UPLOAD: 'Excel and CSV upload',
  DISCOUNTS: 'Discounts',
  AUDIT_LOG: 'Audit log',
  LOYALTY: 'Loyalty programmes',
  BROADCAST_ALERTS: 'Broadcasts',
  ANALYTICS_ADVANCED: 'Advanced analytics',
  AI_REPORT: 'Questions in plain words (AI reports)',
  EXPORT: 'Report export',
  ANALYTICS_SUPREME: 'Supreme analytics',
  FORECAST: 'Forecasts',
};

function firstPlanIndexWith(feature: Feature): number {
  const index = PLAN_IDS.findIndex((id) => PLANS[id].features.includes(feature));
  // Every feature belongs to some plan (Supreme has them all); a new one without a plan is a bug.
  if (index < 0) throw new Error(`No plan includes ${feature}.`);
  return index;
}

/** The name of the cheapest plan that includes a feature: "Basic". */
export function planNameWith(feature: Feature): string {
  return PLANS[PLAN_IDS[firstPlanIndexWith(feature)] ?? 'SUPREME'].name;
}

/**
 * Where a feature is available, as a phrase: "on every plan, Free included", "on the Basic plan
 * and above", "on the Supreme plan" (plans include every feature of the plans below them).
 */
export function planPhrase(feature: Feature): string {
  const index = firstPlanIndexWith(feature);
  if (index === 0) return 'on every plan, Free included';
  const name = planNameWith(feature);
  return index === PLAN_IDS.length - 1 ? `on the ${name} plan` : `on the ${name} plan and above`;
}

const LIMIT_NOUNS: Record<keyof PlanLimits, [one: string, many: string]> = {
  stores: ['store', 'stores'],
  warehouses: ['warehouse', 'warehouses'],
  products: ['product', 'products'],
  staffUsers: ['staff user', 'staff users'],
};

/** "1 store", "2,000 products", "unlimited warehouses". */
export function limitText(planId: PlanId, key: keyof PlanLimits): string {
  const value = PLANS[planId].limits[key];
  const [one, many] = LIMIT_NOUNS[key];
  if (value === null) return `unlimited ${many}`;
  return value === 1 ? `1 ${one}` : `${value.toLocaleString('en')} ${many}`;
}

/** "1 store, 1 warehouse, 100 products and 2 staff users". */
export function limitsText(planId: PlanId): string {
  const parts = (Object.keys(LIMIT_NOUNS) as (keyof PlanLimits)[]).map((key) => limitText(planId, key));
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/** "$29 a month"; Free is "no charge". */
export function priceText(planId: PlanId): string {
  const price = PLANS[planId].priceMonthly;
  return Number(price) === 0 ? 'no charge' : `${formatPrice(price, PLAN_CURRENCY)} a month`;
}

/** The features a plan adds to the plan below it, by their public names. */
export function featuresAddedBy(planId: PlanId): string[] {
  const index = PLAN_IDS.indexOf(planId);
  const below = index > 0 ? PLANS[PLAN_IDS[index - 1] ?? 'FREE'].features : [];
  return PLANS[planId].features.filter((feature) => !below.includes(feature)).map((f) => FEATURE_NAMES[f]);
}
