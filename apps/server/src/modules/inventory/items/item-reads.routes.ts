import {
  API,
  ZErrorBody,
  ZIdParams,
  ZInventoryBarcodeParams,
  ZInventoryItem,
  ZInventoryLocationParams,
  ZInventorySkuParams,
  ZInventoryWithCategory,
  ZLedgerPage,
  ZPageQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { getItemAt, getItemByCode, getItemWithCategory, getLedger } from './item-reads.service.js';

const TAGS = ['inventory'];
const READ = { access: { permission: 'inventory:read' as const } };

/** Reads of one stock record. */
export const itemReadsRoutes: FastifyPluginAsyncZod<{ deps: InventoryDeps }> = async (app, { deps }) => {
  app.get(
    API.inventory.atLocation,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getInventoryAtLocation',
        summary: 'A stock record at its location',
        description: 'Active or retired; 404 when the item is not at that location.',
        params: ZInventoryLocationParams,
        response: { 200: ZInventoryItem, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getItemAt(deps, requirePrincipal(request.principal), request.params),
  );

  app.get(
    API.inventory.withCategory,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getInventoryWithCategory',
        summary: "A stock record with its product's category",
        description: 'category is null for an uncategorised product.',
        params: ZIdParams,
        response: { 200: ZInventoryWithCategory, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getItemWithCategory(deps, requirePrincipal(request.principal), request.params.id),
  );

  for (const [path, operationId, summary] of [
    [API.inventory.bySku, 'getInventoryBySku', 'The stock record of a SKU at a location'],
    [
      API.inventory.productBySku,
      'getInventoryOfProductSku',
      'The stock record of a SKU at a location (the inventory service call under /api/product)',
    ],
  ] as const) {
    app.get(
      path,
      {
        config: READ,
        schema: {
          tags: TAGS,
          operationId,
          summary,
          description: 'The SKU as stored (case matters); 404 when the location holds no stock of it.',
          params: ZInventorySkuParams,
          response: { 200: ZInventoryItem, 400: ZErrorBody, 404: ZErrorBody },
        },
      },
      async (request) =>
        getItemByCode(deps, requirePrincipal(request.principal), request.params.locationId, {
          sku: request.params.sku,
        }),
    );
  }

  app.get(
    API.inventory.byProduct,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getInventoryByProduct',
        summary: 'The stock record of a product at a location',
        params: ZInventoryLocationParams,
        response: { 200: ZInventoryItem, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      getItemByCode(deps, requirePrincipal(request.principal), request.params.locationId, {
        productId: request.params.id,
      }),
  );

  app.get(
    API.inventory.byBarcode,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getInventoryByBarcode',
        summary: 'The stock record of a barcode at a location',
        params: ZInventoryBarcodeParams,
        response: { 200: ZInventoryItem, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      getItemByCode(deps, requirePrincipal(request.principal), request.params.locationId, {
        barcode: request.params.barcode,
      }),
  );

  app.get(
    API.inventory.ledger,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getInventoryLedger',
        summary: "A page of an item's ledger, newest first",
        description:
          'Every change of the quantity: delta, the quantity after it, reason (and cause), reference, ' +
          'note, who and when. The quantity always equals the sum of the deltas.',
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: ZLedgerPage, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getLedger(deps, requirePrincipal(request.principal), request.params.id, request.query),
  );
};
