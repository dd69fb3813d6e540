import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import type { InventoryDeps } from './inventory.deps.js';
import { inventoryUploadRoutes } from './uploads/inventory-upload.routes.js';

export type { InventoryDeps } from './inventory.deps.js';

type RoutePlugin = (app: FastifyInstance, options: { deps: InventoryDeps }) => Promise<void>;

/**
 * The inventory service of the specification: stock per location (items/), the stock function
 * and its ledger (stock/), spreadsheets in and out (uploads/).
 */
export async function registerInventoryModule(app: FastifyInstance, deps: InventoryDeps): Promise<void> {
  const plugins: RoutePlugin[] = [inventoryUploadRoutes];
  await app.register(async (inventory) => {
    inventory.addHook('preValidation', refuseNulCharacters);
    for (const plugin of plugins) await inventory.register(plugin, { deps });
  });
}
