import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import { ordersRoutes } from './orders/orders.routes.js';
import type { PurchasingDeps } from './purchasing.deps.js';

export type { PurchasingDeps } from './purchasing.deps.js';

/**
 * Purchasing (issue 16): purchase orders to suppliers, sent as PDFs and received into stock
 * (orders/, document/). No plan gate: every plan orders stock.
 */
export async function registerPurchasingModule(app: FastifyInstance, deps: PurchasingDeps): Promise<void> {
  await app.register(async (purchasing) => {
    purchasing.addHook('preValidation', refuseNulCharacters);
    await purchasing.register(ordersRoutes, { deps });
  });
}
