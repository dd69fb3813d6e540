import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import { cycleCountsRoutes } from './cycle-counts/cycle-counts.routes.js';
import type { InventoryDeps } from './inventory.deps.js';
import { itemAdminRoutes } from './items/item-admin.routes.js';
import { itemListsRoutes } from './items/item-lists.routes.js';
import { itemReadsRoutes } from './items/item-reads.routes.js';
import { itemWritesRoutes } from './items/item-writes.routes.js';
import { inventoryUploadRoutes } from './uploads/inventory-upload.routes.js';
import { stockValueRoutes } from './value/stock-value.routes.js';

export type { InventoryDeps } from './inventory.deps.js';

type RoutePlugin = (app: FastifyInstance, options: { deps: InventoryDeps }) => Promise<void>;

/**
 * The inventory service of the specification: stock per location (items/), the stock function
 * and its ledger (stock/), spreadsheets in and out (uploads/), what the stock is worth (value/).
 */
export async function registerInventoryModule(app: FastifyInstance, deps: InventoryDeps): Promise<void> {
  const plugins: RoutePlugin[] = [
    inventoryUploadRoutes,
    itemWritesRoutes,
    itemAdminRoutes,
    itemReadsRoutes,
    itemListsRoutes,
    stockValueRoutes,
    cycleCountsRoutes,
  ];
  await app.register(async (inventory) => {
    inventory.addHook('preValidation', refuseNulCharacters);
    for (const plugin of plugins) await inventory.register(plugin, { deps });
  });
}
