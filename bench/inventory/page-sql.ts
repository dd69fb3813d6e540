/**
 * The SQL of the stock page (GET /api/inventory/page/location/{id}, active items, no search)
 * that the bare reference sends: the route's own statement, taken from the repository
 * (apps/server/src/modules/inventory/items/stock-page.repository.ts, placedPageSql), so the ratio
 * measures the application around it, never another query. It also answers whether the location
 * exists (no row: unknown), as the route relies on.
 *
 * $1 business, $2 location, $3 offset, $4 size.
 */
import { placedPageSql } from '../../apps/server/src/modules/inventory/items/stock-page.repository.js';

export const PAGE_STATEMENT = { name: 'inventory_stock_placed_true', text: placedPageSql(true) };
