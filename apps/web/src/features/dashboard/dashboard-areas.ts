import { ROUTE_ROLES, hasAnyRole } from '@app/contracts';

export type DashboardArea = { path: string; title: string; description: string };

/** The areas of the dashboard, in the order the cards show them. */
export const DASHBOARD_AREAS: readonly DashboardArea[] = [
  {
    path: '/dashboard/product',
    title: 'Products',
    description: 'Catalogue, categories, prices and barcodes per location.',
  },
  {
    path: '/dashboard/inventory',
    title: 'Inventory',
    description: 'Stock per location and transfers validated at both ends.',
  },
  {
    path: '/dashboard/stores',
    title: 'Stores & Locations',
    description: 'Your places, the stores at them, QR codes and card readers.',
  },
  {
    path: '/dashboard/warehouse',
    title: 'Warehouses',
    description: 'Warehouses and the locations they stock.',
  },
  { path: '/dashboard/suppliers', title: 'Suppliers', description: 'The suppliers you buy from.' },
  {
    path: '/dashboard/purchasing',
    title: 'Purchasing',
    description: 'Orders to suppliers, deliveries received, and suggested orders.',
  },
  {
    path: '/dashboard/cycle-counts',
    title: 'Cycle Counts',
    description: 'Count shelves while the shop stays open, and fix the differences.',
  },
  {
    path: '/dashboard/carrying-container',
    title: 'Carrying Containers',
    description: 'Baskets and trolleys per store.',
  },
  {
    path: '/dashboard/analytics',
    title: 'Analytics',
    description: 'Sales, trends, AI reports and forecasts.',
  },
  { path: '/dashboard/rewards', title: 'Rewards', description: 'Loyalty programs for your shoppers.' },
  {
    path: '/dashboard/communications',
    title: 'Communications',
    description: 'Alerts and broadcasts to stores and staff.',
  },
  {
    path: '/dashboard/access',
    title: 'Access Management',
    description: 'Invite staff and choose what they can do.',
  },
  { path: '/dashboard/logs', title: 'Logs', description: 'Who did what, and when.' },
  {
    path: '/dashboard/business-profile',
    title: 'Business Profile',
    description: 'Business details, subscription and payments.',
  },
  { path: '/dashboard/profile', title: 'Profile', description: 'Your personal details and address.' },
];

export function getReachableAreas(roles: readonly string[]): DashboardArea[] {
  return DASHBOARD_AREAS.filter((area) => hasAnyRole(roles, ROUTE_ROLES[area.path] ?? null));
}
