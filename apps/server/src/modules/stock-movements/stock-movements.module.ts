import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import type { InventoryDeps } from '../inventory/inventory.module.js';
import { deriveCodeKey } from './codes/movement-codes.js';
import { movementReadsRoutes } from './reads/movement-reads.routes.js';
import { movementWritesRoutes } from './movement-writes.routes.js';
import type { MovementDeps } from './stock-movements.deps.js';
import { movementUploadRoutes } from './uploads/movement-upload.routes.js';

export type { MovementDeps } from './stock-movements.deps.js';

type RoutePlugin = (app: FastifyInstance, options: { deps: MovementDeps }) => Promise<void>;

/**
 * Stock movements between locations, validated with a code at each end (DESIGN 8). `secret` is
 * the app's signing secret, from which the key sealing codes in stored answers is derived.
 */
export async function registerStockMovementsModule(
  app: FastifyInstance,
  inventoryDeps: InventoryDeps & Pick<MovementDeps, 'jobs'>,
  options: { secret: string },
): Promise<void> {
  const deps: MovementDeps = { ...inventoryDeps, codeKey: deriveCodeKey(options.secret) };
  const plugins: RoutePlugin[] = [movementWritesRoutes, movementReadsRoutes, movementUploadRoutes];
  await app.register(async (movements) => {
    movements.addHook('preValidation', refuseNulCharacters);
    for (const plugin of plugins) await movements.register(plugin, { deps });
  });
}
