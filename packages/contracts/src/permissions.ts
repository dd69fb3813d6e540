import { ROLES, ROLE_GROUPS, type Role } from './roles.js';

/**
 * The permission matrix of DESIGN section 5, as data. The server checks one of these on every
 * route that needs a signed-in user; the web hides actions the user cannot take.
 *
 * Within an area `*_ADMIN` may do everything, `*_CONTRIBUTOR` create and update, `*_READER`
 * read. Owner and admin may do everything in their business; only the owner deletes or closes
 * the business and manages the subscription and the payment account.
 */
const OWNER = ['ROLE_BUSINESS_OWNER'] as const satisfies readonly Role[];
const BUSINESS = ROLE_GROUPS.BUSINESS;

function area<A extends string>(name: A, admin: Role, contributor: Role, reader: Role) {
  const rules: Record<string, readonly Role[]> = {
    [`${name}:read`]: [...BUSINESS, admin, contributor, reader],
    [`${name}:create`]: [...BUSINESS, admin, contributor],
    [`${name}:update`]: [...BUSINESS, admin, contributor],
    [`${name}:delete`]: [...BUSINESS, admin],
  };
  return rules as Record<`${A}:${'read' | 'create' | 'update' | 'delete'}`, readonly Role[]>;
}

const inventory = area(
  'inventory',
  'ROLE_INVENTORY_ADMIN',
  'ROLE_INVENTORY_CONTRIBUTOR',
  'ROLE_INVENTORY_READER',
);

export const PERMISSIONS = {
  'business:create': OWNER,
  'business:read': ROLES,
  'business:update': BUSINESS,
  'business:close': OWNER,
  'business:delete': OWNER,
  'users:read': BUSINESS,
  'users:create': BUSINESS,
  'users:update': BUSINESS,
  'users:delete': BUSINESS,
  'audit:read': BUSINESS,
  'subscription:read': BUSINESS,
  'subscription:manage': OWNER,
  'payments:manage': OWNER,
  ...area('product', 'ROLE_PRODUCT_ADMIN', 'ROLE_PRODUCT_CONTRIBUTOR', 'ROLE_PRODUCT_READER'),
  ...inventory,
  'inventory:read': [...inventory['inventory:read'], 'ROLE_STORE_ASSISTANT'],
  /**
   * Locations and suppliers are what the whole catalogue refers to: a product is placed at a
   * location and bought from a supplier, so product roles read them as inventory roles do.
   */
  'catalogue:read': [
    ...new Set([...inventory['inventory:read'], 'ROLE_STORE_ASSISTANT', ...ROLE_GROUPS.PRODUCT]),
  ] as Role[],
  'inventory:adjust': [...inventory['inventory:update'], 'ROLE_STORE_ASSISTANT'],
  /**
   * What the stock cost (unit costs, cost prices, margins, stock value; the COST_FIELDS of
   * costs.ts): everyone who manages stock, the catalogue (its cost prices) or the analytics, not the
   * store assistant at the till nor the loyalty roles.
   */
  'inventory:value': [
    ...new Set([
      ...inventory['inventory:read'],
      ...ROLE_GROUPS.PRODUCT,
      'ROLE_ANALYTICS_ADMIN',
      'ROLE_ANALYTICS_CONTRIBUTOR',
      'ROLE_ANALYTICS_READER',
    ]),
  ] as Role[],
  'movements:create': [...inventory['inventory:create'], 'ROLE_STORE_ASSISTANT'],
  'movements:validate': [...inventory['inventory:update'], 'ROLE_STORE_ASSISTANT'],
  /** Recording a sale takes stock out: whoever adjusts stock may (the till). */
  'sales:record': [...inventory['inventory:update'], 'ROLE_STORE_ASSISTANT'],
  /** A refund gives money and stock back: inventory contributors and admins, not assistants. */
  'sales:refund': inventory['inventory:update'],
  /** Sales are read by the analytics roles and by those who record them. */
  'sales:read': [
    ...new Set([
      ...inventory['inventory:update'],
      'ROLE_STORE_ASSISTANT',
      'ROLE_ANALYTICS_ADMIN',
      'ROLE_ANALYTICS_CONTRIBUTOR',
      'ROLE_ANALYTICS_READER',
    ]),
  ] as Role[],
  ...area('loyalty', 'ROLE_LOYALTY_ADMIN', 'ROLE_LOYALTY_CONTRIBUTOR', 'ROLE_LOYALTY_READER'),
  ...area('analytics', 'ROLE_ANALYTICS_ADMIN', 'ROLE_ANALYTICS_CONTRIBUTOR', 'ROLE_ANALYTICS_READER'),
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isPermitted(held: readonly string[], permission: Permission): boolean {
  const allowed: readonly string[] = PERMISSIONS[permission];
  return held.some((role) => allowed.includes(role));
}
