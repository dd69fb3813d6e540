import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import type { InventoryDeps } from '../inventory/inventory.module.js';

type RoutePlugin = (app: FastifyInstance, options: { deps: InventoryDeps }) => Promise<void>;

/** Stock movements between locations, validated with a code at each end (DESIGN 8). */
export async function registerStockMovementsModule(app: FastifyInstance, deps: InventoryDeps): Promise<void> {
  const plugins: RoutePlugin[] = [];
  await app.register(async (movements) => {
    movements.addHook('preValidation', refuseNulCharacters);
    for (const plugin of plugins) await movements.register(plugin, { deps });
  });
}
