import {
  API,
  ZContainer,
  ZContainerAtStoreParams,
  ZContainerList,
  ZContainerRequest,
  ZContainerStoreActionParams,
  ZContainersOfStoreParams,
  ZErrorBody,
  ZIdParams,
  ZNoBody,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { ProductDeps } from '../product.deps.js';
import {
  changeContainer,
  createContainer,
  getContainerAt,
  listContainersOf,
  removeContainer,
  setContainerActive,
} from './containers.service.js';

const TAGS = ['carrying-containers'];

/**
 * A PATCH sent without a body reaches validation as `null`, which ZNoBody (absent or `{}`) does
 * not admit yet; the fix belongs in contracts' common.ts, shared with the other areas.
 */

/** Baskets, carts and bags of a store: permissions of the inventory area (spec 6). */
export const containersRoutes: FastifyPluginAsyncZod<{ deps: ProductDeps }> = async (app, { deps }) => {
  app.post(
    API.containers.root,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createContainer',
        summary: 'Create a carrying container of an active store',
        description:
          'Weights in kilograms with at most three decimals. A code is unique in the store (409, ' +
          'field code); a discontinued store answers 409 (field storeId).',
        body: ZContainerRequest,
        response: { 201: ZContainer, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createContainer(deps, requirePrincipal(request.principal), request.body)),
  );

  app.get(
    API.containers.byStore,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listContainersOfStore',
        summary: 'The active carrying containers of a store, by name',
        description: "An unknown store, or another business's, answers 404.",
        params: ZContainersOfStoreParams,
        response: { 200: ZContainerList, 404: ZErrorBody },
      },
    },
    async (request) =>
      listContainersOf(deps, requirePrincipal(request.principal), request.params.storeId, {
        isActiveOnly: true,
      }),
  );

  app.get(
    API.containers.byStoreUnfiltered,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listAllContainersOfStore',
        summary: 'All carrying containers of a store, discontinued ones included, by name',
        params: ZContainersOfStoreParams,
        response: { 200: ZContainerList, 404: ZErrorBody },
      },
    },
    async (request) =>
      listContainersOf(deps, requirePrincipal(request.principal), request.params.storeId, {
        isActiveOnly: false,
      }),
  );

  app.get(
    API.containers.atStore,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getContainerAtStore',
        summary: 'A carrying container at its store',
        description: 'A container of another store answers 404 here.',
        params: ZContainerAtStoreParams,
        response: { 200: ZContainer, 404: ZErrorBody },
      },
    },
    async (request) =>
      getContainerAt(
        deps,
        requirePrincipal(request.principal),
        request.params.containerId,
        request.params.storeId,
      ),
  );

  app.put(
    API.containers.byId,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: TAGS,
        operationId: 'updateContainer',
        summary: 'Change a carrying container, or move it to another store of the business',
        params: ZIdParams,
        body: ZContainerRequest,
        response: { 200: ZContainer, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      changeContainer(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );

  app.delete(
    API.containers.byId,
    {
      config: { access: { permission: 'inventory:delete' } },
      schema: {
        tags: TAGS,
        operationId: 'deleteContainer',
        summary: 'Delete a carrying container',
        params: ZIdParams,
        response: { 204: z.null().describe('Deleted'), 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await removeContainer(deps, requirePrincipal(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const [path, operationId, active] of [
    [API.containers.reactivate, 'reactivateContainer', true],
    [API.containers.discontinue, 'discontinueContainer', false],
  ] as const) {
    app.patch(
      path,
      {
        config: { access: { permission: 'inventory:update' } },
        schema: {
          tags: TAGS,
          operationId,
          summary: active
            ? 'Reactivate a carrying container at its store'
            : 'Discontinue a carrying container at its store: it leaves the list',
          params: ZContainerStoreActionParams,
          body: ZNoBody,
          response: { 200: ZContainer, 404: ZErrorBody },
        },
      },
      async (request) =>
        setContainerActive(
          deps,
          requirePrincipal(request.principal),
          request.params.id,
          request.params.storeId,
          active,
        ),
    );
  }
};
