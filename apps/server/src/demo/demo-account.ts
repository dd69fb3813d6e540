import type { Role } from '@app/contracts';

/**
 * The demo's sign-in. Public on purpose: the login page shows it when the server runs with
 * DEMO=1. Every demo account lives under a reserved domain (RFC 2606), so no mail reaches anyone.
 */
export const DEMO_DOMAIN = 'demo-market.example';
export const DEMO_BUSINESS_NAME = 'Demo Market';
export const DEMO_OWNER = {
  fullName: 'Dana Moreau',
  email: `owner@${DEMO_DOMAIN}`,
  password: 'Demo-Market-2026',
} as const;

/** Six members who between them hold every staff role; they sign in with the owner's password. */
export const DEMO_STAFF: Array<{ fullName: string; email: string; roles: Role[]; atStore?: number }> = [
  { fullName: 'Adam Okafor', email: `admin@${DEMO_DOMAIN}`, roles: ['ROLE_BUSINESS_ADMIN'] },
  {
    fullName: 'Priya Nair',
    email: `products@${DEMO_DOMAIN}`,
    roles: ['ROLE_PRODUCT_ADMIN', 'ROLE_PRODUCT_CONTRIBUTOR'],
  },
  {
    fullName: 'Ivan Petrov',
    email: `inventory@${DEMO_DOMAIN}`,
    roles: ['ROLE_INVENTORY_ADMIN', 'ROLE_INVENTORY_CONTRIBUTOR'],
  },
  { fullName: 'Sofia Reyes', email: `till@${DEMO_DOMAIN}`, roles: ['ROLE_STORE_ASSISTANT'], atStore: 0 },
  {
    fullName: 'Lena Larsen',
    email: `loyalty@${DEMO_DOMAIN}`,
    roles: ['ROLE_LOYALTY_ADMIN', 'ROLE_LOYALTY_CONTRIBUTOR', 'ROLE_LOYALTY_READER'],
  },
  {
    fullName: 'Omar Haddad',
    email: `analytics@${DEMO_DOMAIN}`,
    roles: [
      'ROLE_ANALYTICS_ADMIN',
      'ROLE_ANALYTICS_CONTRIBUTOR',
      'ROLE_ANALYTICS_READER',
      'ROLE_PRODUCT_READER',
      'ROLE_INVENTORY_READER',
    ],
  },
];
