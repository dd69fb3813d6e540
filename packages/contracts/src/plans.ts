/** Plans of DESIGN section 6. The migration seeds the same rows; a test keeps the two equal. */
export const PLAN_IDS = ['FREE', 'BASIC', 'ADVANCED', 'SUPREME'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const FEATURES = [
  'BULK_UPLOAD',
  'DISCOUNTS',
  'AUDIT_LOG',
  'LOYALTY',
  'BROADCAST_ALERTS',
  'ANALYTICS_BASIC',
  'ANALYTICS_ADVANCED',
  'AI_REPORT',
  'EXPORT',
  'ANALYTICS_SUPREME',
  'FORECAST',
] as const;
export type Feature = (typeof FEATURES)[number];

export type PlanLimits = {
  stores: number | null;
  warehouses: number | null;
  products: number | null;
  staffUsers: number | null;
};

const BASIC_FEATURES: Feature[] = [
  'ANALYTICS_BASIC',
  'BULK_UPLOAD',
  'DISCOUNTS',
  'AUDIT_LOG',
  'LOYALTY',
  'BROADCAST_ALERTS',
];
const ADVANCED_FEATURES: Feature[] = [...BASIC_FEATURES, 'ANALYTICS_ADVANCED', 'AI_REPORT', 'EXPORT'];

export const PLANS: Record<
  PlanId,
  { name: string; priceMonthly: string; limits: PlanLimits; features: Feature[] }
> = {
  FREE: {
    name: 'Free',
    priceMonthly: '0.00',
    limits: { stores: 1, warehouses: 1, products: 100, staffUsers: 2 },
    features: ['ANALYTICS_BASIC'],
  },
  BASIC: {
    name: 'Basic',
    priceMonthly: '29.00',
    limits: { stores: 3, warehouses: 2, products: 2000, staffUsers: 10 },
    features: BASIC_FEATURES,
  },
  ADVANCED: {
    name: 'Advanced',
    priceMonthly: '79.00',
    limits: { stores: 10, warehouses: 5, products: 20000, staffUsers: 50 },
    features: ADVANCED_FEATURES,
  },
  SUPREME: {
    name: 'Supreme',
    priceMonthly: '199.00',
    limits: { stores: null, warehouses: null, products: null, staffUsers: null },
    features: [...ADVANCED_FEATURES, 'ANALYTICS_SUPREME', 'FORECAST'],
  },
};
