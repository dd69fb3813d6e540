import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import { ordersRoutes } from './orders/orders.routes.js';
import type { PurchasingDeps } from './purchasing.deps.js';
import { suggestionsRoutes } from './suggestions/suggestions.routes.js';

export type { PurchasingDeps } from './purchasing.deps.js';

/**
 * Purchasing (issue 16): purchase orders to suppliers, sent as PDFs and received into stock
 * (orders/, document/), and suggested orders from reorder points and forecasts (suggestions/). No plan gate: every plan orders stock.
 */
export async function registerPurchasingModule(app: FastifyInstance, deps: PurchasingDeps): Promise<void> {
  await app.register(async (purchasing) => {
    purchasing.addHook('preValidation', refuseNulCharacters);
    await purchasing.register(suggestionsRoutes, { deps });
    await purchasing.register(ordersRoutes, { deps });
  });
}
