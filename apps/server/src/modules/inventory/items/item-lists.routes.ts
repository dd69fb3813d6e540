import {
  API,
  ZAvailabilityList,
  ZAvailabilityQuery,
  ZCountQuery,
  ZErrorBody,
  ZInventoryCount,
  ZInventoryItemPage,
  ZInventorySearchQuery,
  ZLocationIdParams,
  ZPageQuery,
  ZSkuSuggestionPage,
  ZStockListQuery,
  ZStockPage,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { availabilityOf, countUnits, listItems, listStock, suggestSkus } from './item-lists.service.js';

const TAGS = ['inventory'];
const READ = { access: { permission: 'inventory:read' as const } };

/** The lists and sums of inventory, paged in SQL (DESIGN 13): the stock table by position, the rest by SKU. */
export const itemListsRoutes: FastifyPluginAsyncZod<{ deps: InventoryDeps }> = async (app, { deps }) => {
  app.get(
    API.inventory.pageAtLocation,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'listStockAtLocation',
        summary: "A page of a location's stock, in the order the items were added",
        description:
          'Rows come in the order the items were added at the location (new ones last), so a page ' +
          'stays where it was while stock changes, and any page answers as fast as the first. Each ' +
          'row has the units in transit out of and into the location (validated at the source, not ' +
          'yet arrived) and isLowStock (under its reorder point). `search` matches the start of the ' +
          'SKU or the name in any case; `active=all` adds retired items, `active=false` shows only ' +
          'them; `isLowStock=true` keeps only the low ones.',
        params: ZLocationIdParams,
        querystring: ZStockListQuery,
        response: { 200: ZStockPage, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      listStock(deps, requirePrincipal(request.principal), request.params.locationId, request.query),
  );

  app.get(
    API.inventory.productsSearch,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'searchInventoryProducts',
        summary: 'Active stock records of a location whose SKU or name starts with the query',
        description: 'Any case, by SKU; an empty query lists them all.',
        querystring: ZInventorySearchQuery,
        response: { 200: ZInventoryItemPage, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      listItems(deps, requirePrincipal(request.principal), request.query.locationId, request.query),
  );

  app.get(
    API.inventory.productsAtLocation,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'listInventoryProductsAtLocation',
        summary: 'A page of the active stock records of a location, by SKU',
        params: ZLocationIdParams,
        querystring: ZPageQuery,
        response: { 200: ZInventoryItemPage, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      listItems(deps, requirePrincipal(request.principal), request.params.locationId, request.query),
  );

  app.get(
    API.inventory.skuSuggestions,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'suggestInventorySkus',
        summary: 'SKUs held at a location that start with the query, for suggestions',
        description: 'Any case, active records only, by SKU; page 0 and size 10 unless asked.',
        querystring: ZInventorySearchQuery,
        response: { 200: ZSkuSuggestionPage, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => suggestSkus(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.inventory.count,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'countInventoryUnits',
        summary: 'Units held in the business, at a location, or of a product',
        description: 'Both filters are optional; an unknown location or product is 404.',
        querystring: ZCountQuery,
        response: { 200: ZInventoryCount, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => countUnits(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.inventory.availability,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getInventoryAvailability',
        summary: 'Where a SKU is held, what is on its way, and what is free to promise',
        description:
          'One row per location holding the SKU: onHand, inTransitOut, inTransitIn, and available ' +
          '(on hand less what PENDING movements will take out once validated at the source).',
        querystring: ZAvailabilityQuery,
        response: { 200: ZAvailabilityList, 400: ZErrorBody },
      },
    },
    async (request) => availabilityOf(deps, requirePrincipal(request.principal), request.query.sku),
  );
};
