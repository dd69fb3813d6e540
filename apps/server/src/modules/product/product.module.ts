import type { FastifyInstance } from 'fastify';
import { categoriesRoutes } from './categories/categories.routes.js';
import { containersRoutes } from './containers/containers.routes.js';
import type { ProductDeps } from './product.deps.js';
import { suppliersRoutes } from './suppliers/suppliers.routes.js';
import { locationsRoutes } from './locations/locations.routes.js';
import { storesRoutes } from './stores/stores.routes.js';
import { warehousesRoutes } from './warehouses/warehouses.routes.js';
import { discountsRoutes } from './discounts/discounts.routes.js';
import { productsRoutes } from './products/products.routes.js';

/**
 * The product service of the specification (DESIGN 2): locations (the hub), stores, warehouses,
 * products, categories, suppliers, carrying containers and discounts, each in its own folder
 * with its routes, service, repository and tests.
 */
export async function registerProductModule(app: FastifyInstance, deps: ProductDeps): Promise<void> {
  const plugins: Array<(app: FastifyInstance, options: { deps: ProductDeps }) => Promise<void>> = [
    categoriesRoutes,
    suppliersRoutes,
    containersRoutes,
    locationsRoutes,
    storesRoutes,
    warehousesRoutes,
    productsRoutes,
    discountsRoutes,
  ];
  for (const plugin of plugins) await app.register(plugin, { deps });
}
