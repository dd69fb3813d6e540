import {
  API,
  ZErrorBody,
  ZIdParams,
  ZNoBody,
  ZWarehouse,
  ZWarehouseList,
  ZWarehouseListQuery,
  ZWarehouseRequest,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { ProductDeps } from '../product.deps.js';
import {
  createWarehouse,
  deleteWarehouse,
  getWarehouse,
  listWarehouses,
  setWarehouseActive,
  updateWarehouse,
} from './warehouses.service.js';

/** Answers every signed-in call may give besides its own. */

export const warehousesRoutes: FastifyPluginAsyncZod<{ deps: ProductDeps }> = async (app, { deps }) => {
  app.post(
    API.warehouses.root,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: ['warehouses'],
        operationId: 'createWarehouse',
        summary: 'Open a warehouse at a free location',
        description:
          'The location must be active and serve no other store or warehouse (409 on `locationId`); ' +
          "the plan's warehouse limit counts active warehouses (403 with X-Plan-Violation).",
        body: ZWarehouseRequest,
        response: { 201: ZWarehouse, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      return reply.code(201).send(await createWarehouse(deps, principal, request.body));
    },
  );

  app.get(
    API.warehouses.root,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['warehouses'],
        operationId: 'listWarehouses',
        summary: 'Warehouses of your business',
        description: 'Sorted by name; active ones unless `active` says otherwise.',
        querystring: ZWarehouseListQuery,
        response: { 200: ZWarehouseList, 400: ZErrorBody },
      },
    },
    async (request) => listWarehouses(deps, requirePrincipal(request.principal), request.query.active),
  );

  app.get(
    API.warehouses.byId,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['warehouses'],
        operationId: 'getWarehouse',
        summary: 'A warehouse',
        description: "Active or discontinued. Another business's warehouse answers 404.",
        params: ZIdParams,
        response: { 200: ZWarehouse, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getWarehouse(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.put(
    API.warehouses.byId,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: ['warehouses'],
        operationId: 'updateWarehouse',
        summary: 'Change a warehouse',
        description: 'Replaces its fields; a new location must be free (409 on `locationId`).',
        params: ZIdParams,
        body: ZWarehouseRequest,
        response: { 200: ZWarehouse, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      updateWarehouse(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );

  app.delete(
    API.warehouses.byId,
    {
      config: { access: { permission: 'inventory:delete' } },
      schema: {
        tags: ['warehouses'],
        operationId: 'deleteWarehouse',
        summary: 'Delete a warehouse',
        description:
          'Answers 204 with no body; its location stays. 409 IN_USE while stock is kept at its ' +
          'location: discontinue it instead.',
        params: ZIdParams,
        response: {
          204: z.null().describe('Deleted'),
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      await deleteWarehouse(deps, requirePrincipal(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    API.warehouses.reactivate,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: ['warehouses'],
        operationId: 'reactivateWarehouse',
        summary: 'Reactivate a discontinued warehouse',
        description:
          "Answers the warehouse. Counts against the plan's warehouse limit (403 with " +
          'X-Plan-Violation); its location must be active (409).',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZWarehouse, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => setWarehouseActive(deps, requirePrincipal(request.principal), request.params.id, true),
  );

  app.patch(
    API.warehouses.discontinue,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: ['warehouses'],
        operationId: 'discontinueWarehouse',
        summary: 'Discontinue a warehouse',
        description: 'Answers the warehouse; it stays for history and leaves the active lists.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZWarehouse, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      setWarehouseActive(deps, requirePrincipal(request.principal), request.params.id, false),
  );
};
