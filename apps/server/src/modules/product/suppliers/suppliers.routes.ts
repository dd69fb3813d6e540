import {
  API,
  ZErrorBody,
  ZIdParams,
  ZNoBody,
  ZSupplier,
  ZSupplierListQuery,
  ZSupplierPage,
  ZSupplierRequest,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { ProductDeps } from '../product.deps.js';
import {
  changeSupplier,
  createSupplier,
  getSupplier,
  listSuppliers,
  removeSupplier,
  setSupplierActive,
} from './suppliers.service.js';

const TAGS = ['suppliers'];

/**
 * A PATCH sent without a body reaches validation as `null`, which ZNoBody (absent or `{}`) does
 * not admit yet; the fix belongs in contracts' common.ts, shared with the other areas.
 */

/** Suppliers of the business: permissions of the inventory area (spec 6). */
export const suppliersRoutes: FastifyPluginAsyncZod<{ deps: ProductDeps }> = async (app, { deps }) => {
  app.get(
    API.suppliers.root,
    {
      config: { access: { permission: 'catalogue:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listSuppliers',
        summary: 'A page of suppliers by name',
        description:
          'Active suppliers by default (`active=all` adds the discontinued); `search` matches part of ' +
          'the name, contact or e-mail, whatever its case.',
        querystring: ZSupplierListQuery,
        response: { 200: ZSupplierPage, 400: ZErrorBody },
      },
    },
    async (request) => listSuppliers(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.suppliers.byId,
    {
      config: { access: { permission: 'catalogue:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getSupplier',
        summary: 'A supplier, active or discontinued',
        params: ZIdParams,
        response: { 200: ZSupplier, 404: ZErrorBody },
      },
    },
    async (request) => getSupplier(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.post(
    API.suppliers.root,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createSupplier',
        summary: 'Create a supplier',
        description: 'The name is unique in the business whatever its case (409, field name).',
        body: ZSupplierRequest,
        response: { 201: ZSupplier, 409: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSupplier(deps, requirePrincipal(request.principal), request.body)),
  );

  app.put(
    API.suppliers.byId,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: TAGS,
        operationId: 'updateSupplier',
        summary: "Change a supplier's details",
        description: 'An optional field left out keeps its value; null clears it. A taken name is 409.',
        params: ZIdParams,
        body: ZSupplierRequest,
        response: { 200: ZSupplier, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      changeSupplier(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );

  app.delete(
    API.suppliers.byId,
    {
      config: { access: { permission: 'inventory:delete' } },
      schema: {
        tags: TAGS,
        operationId: 'deleteSupplier',
        summary: 'Delete a supplier; its products stay, without a supplier',
        description:
          'Answers 204 with no body. 409 IN_USE while purchase orders name it: discontinue it then.',
        params: ZIdParams,
        response: { 204: z.null().describe('Deleted'), 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      await removeSupplier(deps, requirePrincipal(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const [path, operationId, active] of [
    [API.suppliers.reactivate, 'reactivateSupplier', true],
    [API.suppliers.discontinue, 'discontinueSupplier', false],
  ] as const) {
    app.patch(
      path,
      {
        config: { access: { permission: 'inventory:update' } },
        schema: {
          tags: TAGS,
          operationId,
          summary: active
            ? 'Reactivate a supplier: it shows in the list again'
            : 'Discontinue a supplier: it leaves the list and stays for history',
          params: ZIdParams,
          body: ZNoBody,
          response: { 200: ZSupplier, 404: ZErrorBody },
        },
      },
      async (request) =>
        setSupplierActive(deps, requirePrincipal(request.principal), request.params.id, active),
    );
  }
};
