import {
  API,
  ZDocumentCodeHeaders,
  ZErrorBody,
  ZIdParams,
  ZMovementListQuery,
  ZMovementSkuQuery,
  ZSkuSuggestionPage,
  ZStockMovement,
  ZStockMovementList,
  ZStockMovementPage,
  ZWeeklyMovementList,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { transferDocument } from './movement-document.service.js';
import {
  getBatch,
  getMovement,
  listMovements,
  suggestSkus,
  weeklySummary,
} from './movement-reads.service.js';
import type { MovementDeps } from './stock-movements.deps.js';

const TAGS = ['stock-movements'];

/**
 * Reads of movements, for whoever reads inventory. No answer here carries a code: the creation
 * answered them once, and the transfer document prints them only when its creator presents them.
 */
export const movementReadsRoutes: FastifyPluginAsyncZod<{ deps: MovementDeps }> = async (app, { deps }) => {
  app.get(
    API.stockMovements.all,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listMovements',
        summary: 'A page of stock movements, newest first',
        description:
          'Filters: `status`, `locationId` (from or to that location), `batchId`, `search` (part of ' +
          'the SKU, any case). Each movement carries its product and location names.',
        querystring: ZMovementListQuery,
        response: { 200: ZStockMovementPage, 400: ZErrorBody },
      },
    },
    async (request) => listMovements(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.stockMovements.skuSuggestions,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'suggestMovementSkus',
        summary: 'SKUs to move from a location, with their stock there',
        description: 'Active products of `locationId` whose SKU starts with `query` (any case), by SKU.',
        querystring: ZMovementSkuQuery,
        response: { 200: ZSkuSuggestionPage, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => suggestSkus(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.stockMovements.weekly,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getWeeklyMovement',
        summary: 'Units moved out and in per week, the last 8 weeks',
        description:
          'Oldest week first; weeks start on Monday. `unitsOut` counts units validated at a source that ' +
          'week, `unitsIn` units validated at a destination.',
        response: { 200: ZWeeklyMovementList },
      },
    },
    async (request) => weeklySummary(deps, requirePrincipal(request.principal)),
  );

  app.get(
    API.stockMovements.batch,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getMovementBatch',
        summary: 'The movements of a batch',
        params: ZIdParams,
        response: { 200: ZStockMovementList, 404: ZErrorBody },
      },
    },
    async (request) => getBatch(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.get(
    API.stockMovements.byId,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getMovement',
        summary: 'A stock movement',
        params: ZIdParams,
        response: { 200: ZStockMovement, 404: ZErrorBody },
      },
    },
    async (request) => getMovement(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.get(
    API.stockMovements.document,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getMovementDocument',
        summary: 'The printable transfer document (PDF)',
        description:
          'The movement, or its whole batch: items, both locations, dates, status and a QR code of the ' +
          'movement id. The codes are printed only on the creator’s first download, which presents them ' +
          'in `X-Source-Validation-Code` and `X-Destination-Validation-Code`; a wrong pair counts as a ' +
          'wrong code. Everyone else, and every later download, reads that the codes are given separately.',
        params: ZIdParams,
        headers: ZDocumentCodeHeaders,
        produces: ['application/pdf', 'application/json'],
        response: {
          // The bytes as they are: Fastify sends a Buffer without the serialiser.
          200: z
            .custom<Buffer>((value) => Buffer.isBuffer(value))
            .meta({
              type: 'string',
              format: 'binary',
              description: 'The transfer document, application/pdf',
            }),
          400: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const source = request.headers['x-source-validation-code'];
      const destination = request.headers['x-destination-validation-code'];
      const presented =
        typeof source === 'string' && typeof destination === 'string'
          ? { sourceCode: source, destinationCode: destination }
          : null;
      const document = await transferDocument(deps, principal, request.params.id, presented);
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${document.filename}"`,
          // It may carry the codes: no cache keeps a copy.
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(document.pdf);
    },
  );
};
