/**
 * The Movements tab of /dashboard/inventory (composed with the stock tab in src/app). Placeholder
 * until the movements screens land in this feature.
 */
export function MovementsPanel() {
  return null;
}
