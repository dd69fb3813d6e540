import { PLANS, PLAN_IDS, type Feature, type PlanId } from '@app/contracts';
import { FEATURE_LABELS } from '../../../lib/plans';

export type AnalyticsTier = {
  id: 'basic' | 'advanced' | 'supreme';
  title: string;
  feature: Feature;
  path: string;
  /** What the screen shows, one line each. */
  shows: readonly string[];
};

export const ANALYTICS_TIERS: readonly AnalyticsTier[] = [
  {
    id: 'basic',
    title: 'Basic',
    feature: 'ANALYTICS_BASIC',
    path: '/dashboard/analytics/basic',
    shows: [
      'Total sales, transactions, units and average basket',
      'Top and least selling products',
      'Daily sales trend and top stores',
      'This week against last week',
      'Six ready-made reports',
    ],
  },
  {
    id: 'advanced',
    title: 'Advanced',
    feature: 'ANALYTICS_ADVANCED',
    path: '/dashboard/analytics/advanced',
    shows: [
      'Filter by store, category, product and amount',
      "A product's sales trend",
      'Two periods side by side',
      'Ask in plain words; export as PDF, Excel or CSV',
    ],
  },
  {
    id: 'supreme',
    title: 'Supreme',
    feature: 'ANALYTICS_SUPREME',
    path: '/dashboard/analytics/supreme',
    shows: [
      'Group sales any way you need',
      'Pivot table of stores and periods',
      'CSV export of what you see',
      'Forecasts with what to order',
    ],
  },
];

/** The cheapest plan that includes a feature (plans are listed cheapest first). */
export function lowestPlanWith(feature: Feature): PlanId {
  return PLAN_IDS.find((id) => PLANS[id].features.includes(feature)) ?? 'SUPREME';
}

/** The upgrade dialog's extra line for a tier the plan lacks: which plan has it. */
export function lockedTierMessage(feature: Feature, current: PlanId | null): string {
  const needed = PLANS[lowestPlanWith(feature)].name;
  const onPlan = current ? ` Your business is on the ${PLANS[current].name} plan.` : '';
  return `${FEATURE_LABELS[feature]} comes with the ${needed} plan and above.${onPlan}`;
}
