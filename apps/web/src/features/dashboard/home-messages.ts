/** The texts of the dashboard home's overview cards. */
export const HOME_MESSAGES = {
  salesFailed: 'Failed to fetch sales analytics',
  lowStockFailed: 'Failed to fetch low-stock items',
  movementsFailed: 'Failed to fetch stock movements',
  activityFailed: 'Failed to fetch recent activity',
  stockValueFailed: 'Failed to fetch the stock value',
  retry: 'Retry',
  noSalesToday: 'No sales yet today. Sales recorded at the till show here.',
  noLowStock: 'No low-stock items. Stock is above every reorder point.',
  noMovements: 'No movements waiting. Transfers to validate show here.',
  noActivity: 'Nothing recorded yet. Changes your team makes show here.',
  noSales: 'No sales yet. Sales recorded at the till show here.',
  salesLocked: 'Comes with basic analytics',
  noStockValue: 'No stock on hand yet. Stock you receive or count shows its value here.',
} as const;
