/** Roles and role groups of the specification (000 section 6), and the route table the web guard and the server share. */
import { ROLES, type Role } from './role-names.js';

export { ROLES, roleLabel, type Role } from './role-names.js';

/** Roles staff can be given; an owner only comes from self-registration. */
export const STAFF_ROLES = ROLES.filter(
  (role): role is Exclude<Role, 'ROLE_BUSINESS_OWNER'> => role !== 'ROLE_BUSINESS_OWNER',
);

export const ROLE_GROUPS = {
  BUSINESS: ['ROLE_BUSINESS_OWNER', 'ROLE_BUSINESS_ADMIN'],
  PRODUCT: ['ROLE_PRODUCT_ADMIN', 'ROLE_PRODUCT_CONTRIBUTOR', 'ROLE_PRODUCT_READER'],
  INVENTORY: [
    'ROLE_INVENTORY_ADMIN',
    'ROLE_INVENTORY_CONTRIBUTOR',
    'ROLE_INVENTORY_READER',
    'ROLE_STORE_ASSISTANT',
  ],
  LOYALTY: ['ROLE_LOYALTY_ADMIN', 'ROLE_LOYALTY_CONTRIBUTOR', 'ROLE_LOYALTY_READER'],
  ANALYTICS: ['ROLE_ANALYTICS_ADMIN', 'ROLE_ANALYTICS_CONTRIBUTOR', 'ROLE_ANALYTICS_READER'],
} as const satisfies Record<string, readonly Role[]>;

export type RoleGroup = keyof typeof ROLE_GROUPS;

const BUSINESS = ROLE_GROUPS.BUSINESS;

/**
 * Who may enter each protected screen (000 section 6, 001 section 6). `null` means any
 * signed-in user. A page below a listed path (`/dashboard/purchasing/orders/:id`) takes the roles of
 * the nearest listed path above it. The web guard reads this table; the server's area permissions below agree.
 */
export const ROUTE_ROLES: Record<string, readonly Role[] | null> = {
  '/dashboard': ROLES,
  '/dashboard/profile': null,
  '/dashboard/settings': null,
  '/dashboard/product': [...BUSINESS, ...ROLE_GROUPS.PRODUCT],
  '/dashboard/inventory': [...BUSINESS, ...ROLE_GROUPS.INVENTORY],
  '/dashboard/warehouse': [...BUSINESS, ...ROLE_GROUPS.INVENTORY],
  /** Stores and locations: the specification does not show their route; reached from Inventory. */
  '/dashboard/stores': [...BUSINESS, ...ROLE_GROUPS.INVENTORY],
  '/dashboard/suppliers': [...BUSINESS, ...ROLE_GROUPS.INVENTORY],
  /** Purchase orders and suggested orders (issue 16); the pages under it (an order) take its roles. */
  '/dashboard/purchasing': [...BUSINESS, ...ROLE_GROUPS.INVENTORY],
  /** Count sheets and their review (issue 16): store assistants count. */
  '/dashboard/cycle-counts': [...BUSINESS, ...ROLE_GROUPS.INVENTORY],
  '/dashboard/carrying-container': [...BUSINESS, ...ROLE_GROUPS.INVENTORY],
  '/dashboard/rewards': [...BUSINESS, ...ROLE_GROUPS.LOYALTY],
  '/dashboard/analytics': [...BUSINESS, ...ROLE_GROUPS.ANALYTICS],
  '/dashboard/analytics/basic': [...BUSINESS, ...ROLE_GROUPS.ANALYTICS],
  '/dashboard/analytics/advanced': [...BUSINESS, ...ROLE_GROUPS.ANALYTICS],
  '/dashboard/analytics/supreme': [...BUSINESS, ...ROLE_GROUPS.ANALYTICS],
  '/dashboard/broadcast': [...BUSINESS, ...ROLE_GROUPS.ANALYTICS],
  '/dashboard/communications': [...BUSINESS, ...ROLE_GROUPS.ANALYTICS],
  '/dashboard/access': BUSINESS,
  '/dashboard/business-profile': BUSINESS,
  '/dashboard/logs': BUSINESS,
  '/dashboard/subscribe': BUSINESS,
  '/dashboard/business-setup': ['ROLE_BUSINESS_OWNER'],
  /** The sandbox payment provider's onboarding and dashboard: the owner manages the account. */
  '/dashboard/payments/sandbox-onboarding': ['ROLE_BUSINESS_OWNER'],
  '/dashboard/payments/sandbox-dashboard': ['ROLE_BUSINESS_OWNER'],
};

export function hasAnyRole(held: readonly string[], allowed: readonly Role[] | null): boolean {
  if (allowed === null) return true;
  return held.some((role) => (allowed as readonly string[]).includes(role));
}
