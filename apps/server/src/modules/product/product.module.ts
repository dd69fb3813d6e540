import type { FastifyInstance } from 'fastify';
import { discountsRoutes } from './discounts/discounts.routes.js';
import type { ProductDeps } from './product.deps.js';
import { productsRoutes } from './products/products.routes.js';

/**
 * The product service of the specification (DESIGN 2): locations (the hub), stores, warehouses,
 * products, categories, suppliers, carrying containers and discounts, each in its own folder
 * with its routes, service, repository and tests.
 */
export async function registerProductModule(app: FastifyInstance, deps: ProductDeps): Promise<void> {
  const plugins: Array<(app: FastifyInstance, options: { deps: ProductDeps }) => Promise<void>> = [
    productsRoutes,
    discountsRoutes,
  ];
  for (const plugin of plugins) await app.register(plugin, { deps });
}
