import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertNoNulCharacter } from '../../platform/http/multipart-form.js';
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
  // One context for the catalogue's routes, so that its hook reaches them all and nothing else.
  await app.register(async (catalogue) => {
    catalogue.addHook('preValidation', refuseNulCharacters);
    for (const plugin of plugins) await catalogue.register(plugin, { deps });
  });
}

/**
 * Security review: PostgreSQL text cannot hold U+0000, and a NUL in any path, query or JSON body
 * value (`?input=%00`, `{"name": "a\u0000"}`) reached a query and answered 500. The schemas check
 * lengths and shapes, not this; refused here as a 400 on the field, before validation, for every
 * catalogue route. Multipart forms are checked where they are parsed (multipart-form.ts).
 */
async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) assertNoNulCharacter(part);
}
