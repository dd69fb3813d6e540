import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { containersRoutes } from './containers/containers.routes.js';
import type { ProductDeps } from './product.deps.js';
import { suppliersRoutes } from './suppliers/suppliers.routes.js';
import { locationsRoutes } from './locations/locations.routes.js';
import { storesRoutes } from './stores/stores.routes.js';
import { warehousesRoutes } from './warehouses/warehouses.routes.js';
import { discountsRoutes } from './discounts/discounts.routes.js';
import { productsRoutes } from './products/products.routes.js';
import { publicStoresRoutes } from './public-stores/public-stores.routes.js';

/**
 * The product service of the specification (DESIGN 2): locations (the hub), stores, warehouses,
 * products, categories, suppliers, carrying containers and discounts, each in its own folder
 * with its routes, service, repository and tests; and the public store lookup behind a store's QR
 * code (public-stores/), in the same context so that its hook refuses a NUL in the code too.
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
    publicStoresRoutes,
  ];
  // One context for the catalogue's routes, so that its hook reaches them all and nothing else.
  await app.register(async (catalogue) => {
    catalogue.addHook('preValidation', refuseNulCharacters);
    for (const plugin of plugins) await catalogue.register(plugin, { deps });
  });
}
