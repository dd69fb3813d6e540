import { isPermitted } from './permissions.js';

/**
 * The fields of the API's answers that say what stock cost the shop: unit and average costs, cost
 * prices, the costs of order and sale lines, margins, the value of count variances. A caller whose
 * roles lack `inventory:value` (the store assistant at the till, the loyalty roles) never receives
 * them: the server leaves them out of every answer it sends that caller, whatever the route, so a
 * route added later cannot leak them. Every answer schema such a caller can reach marks them
 * optional. The names mean a cost wherever they appear, and nothing else may take them.
 */
export const COST_FIELDS = [
  'unitCost',
  'averageUnitCost',
  'costPrice',
  'cost',
  'lineCost',
  'totalCost',
  'receivedCost',
  'damagedCost',
  'margin',
  'marginPercent',
  'varianceValue',
  'varianceValueAbsolute',
  'varianceValueNet',
] as const;
export type CostField = (typeof COST_FIELDS)[number];

/** Whether these roles see what stock cost (the COST_FIELDS, stock value, purchase order documents). */
export function canSeeCosts(roles: readonly string[]): boolean {
  return isPermitted(roles, 'inventory:value');
}
