import { API, ZErrorBody, ZStockValue, ZStockValueQuery } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { getStockValue } from './stock-value.service.js';

/** What the stock is worth (issue 16): the inventory page's and the dashboard's value cards. */
export const stockValueRoutes: FastifyPluginAsyncZod<{ deps: InventoryDeps }> = async (app, { deps }) => {
  app.get(
    API.stockValue,
    {
      config: { access: { permission: 'inventory:value' } },
      schema: {
        tags: ['inventory'],
        operationId: 'getStockValue',
        summary: 'What the stock is worth, per location and for the business',
        description:
          'Units on hand at their unit cost (the moving average of receipts, else the product’s cost price) ' +
          'and at their selling price. Items whose cost is unknown are counted in uncostedItems and left out ' +
          'of value. Every active location appears, with zeros when it holds nothing; 404 for a locationId ' +
          'that is not the business’s.',
        querystring: ZStockValueQuery,
        response: { 200: ZStockValue, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getStockValue(deps, requirePrincipal(request.principal), request.query.locationId),
  );
};
