import { ROUTE_ROLES, hasAnyRole } from '@app/contracts';

export type NavLeaf = { label: string; path: string };
export type NavEntry = NavLeaf & { children?: NavLeaf[] };

/** Drawer entries of 000 section 2, in order; Logout is added by the drawer itself. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Products', path: '/dashboard/product' },
  {
    // The group's path is its first child's: the area it stands for (drawer icon, open state).
    label: 'Inventory',
    path: '/dashboard/inventory',
    children: [
      { label: 'Inventory', path: '/dashboard/inventory' },
      { label: 'Stores & Locations', path: '/dashboard/stores' },
      { label: 'Warehouses', path: '/dashboard/warehouse' },
      { label: 'Suppliers', path: '/dashboard/suppliers' },
      { label: 'Purchasing', path: '/dashboard/purchasing' },
      { label: 'Cycle Counts', path: '/dashboard/cycle-counts' },
      { label: 'Carrying Containers', path: '/dashboard/carrying-container' },
    ],
  },
  { label: 'Analytics', path: '/dashboard/analytics' },
  { label: 'Access Management', path: '/dashboard/access' },
  { label: 'Rewards', path: '/dashboard/rewards' },
  {
    // Broadcast is not in the specification's navigation; it sits with the alerts it sends.
    label: 'Communications',
    path: '/dashboard/communications',
    children: [
      { label: 'Communications', path: '/dashboard/communications' },
      { label: 'Broadcast', path: '/dashboard/broadcast' },
    ],
  },
  { label: 'Logs', path: '/dashboard/logs' },
  {
    label: 'Settings',
    path: '/dashboard/settings',
    children: [
      { label: 'Profile', path: '/dashboard/profile' },
      { label: 'Business Profile', path: '/dashboard/business-profile' },
    ],
  },
];

export function canReach(roles: readonly string[], path: string): boolean {
  return hasAnyRole(roles, ROUTE_ROLES[path] ?? null);
}

/**
 * The entries a user's roles reach. Without a business nothing but the setup is reachable, so
 * only Logout remains.
 */
export function getVisibleNavEntries(roles: readonly string[], hasBusiness: boolean): NavEntry[] {
  if (!hasBusiness) return [];
  return NAV_ENTRIES.flatMap((entry) => {
    if (!entry.children) return canReach(roles, entry.path) ? [entry] : [];
    const children = entry.children.filter((child) => canReach(roles, child.path));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}
