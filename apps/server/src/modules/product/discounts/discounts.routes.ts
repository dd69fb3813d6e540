import { API, ZDiscountQuery, ZErrorBody, ZNoBody, ZProduct, ZRemoveDiscountQuery } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { ProductDeps } from '../product.deps.js';
import { createOrUpdateDiscount, removeDiscount } from './discounts.service.js';

/** Discounts, by query exactly as the specification calls them (001 section 7). */
export const discountsRoutes: FastifyPluginAsyncZod<{ deps: ProductDeps }> = async (app, { deps }) => {
  app.post(
    API.discounts.createOrUpdate,
    {
      config: { access: { permission: 'product:update' } },
      schema: {
        tags: ['discounts'],
        operationId: 'createOrUpdateDiscount',
        summary: "Set a product's discount at a location, replacing the one it had",
        description:
          'No body; everything is in the query. Either discountAmount (below the price) or ' +
          'discountPercentage (0 to 100), valid from discountValidFrom (inclusive) to discountValidTo ' +
          '(exclusive), ISO-8601 with offset. Needs a plan with discounts (403 plan violation otherwise). ' +
          'Answers the product with its discount and effective price.',
        querystring: ZDiscountQuery,
        body: ZNoBody,
        response: { 200: ZProduct, 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => createOrUpdateDiscount(deps, requirePrincipal(request.principal), request.query),
  );

  app.delete(
    API.discounts.remove,
    {
      config: { access: { permission: 'product:update' } },
      schema: {
        tags: ['discounts'],
        operationId: 'removeDiscount',
        summary: "Remove a product's discount at a location",
        description: 'Answers the product. A product without a discount answers 404.',
        querystring: ZRemoveDiscountQuery,
        response: { 200: ZProduct, 404: ZErrorBody },
      },
    },
    async (request) =>
      removeDiscount(
        deps,
        requirePrincipal(request.principal),
        request.query.productId,
        request.query.locationId,
      ),
  );
};
