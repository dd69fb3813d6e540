import {
  API,
  ZErrorBody,
  ZInventoryItem,
  ZInventoryLocationParams,
  ZLocationIdParams,
  ZNoBody,
  ZZeroQuantityDeletion,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { deleteEmptyItems, deleteItem, setItemActive } from './item-admin.service.js';

const TAGS = ['inventory'];

/** Retire, reactivate and delete stock records; none of them changes a quantity. */
export const itemAdminRoutes: FastifyPluginAsyncZod<{ deps: InventoryDeps }> = async (app, { deps }) => {
  for (const [path, operationId, active] of [
    [API.inventory.retire, 'retireInventory', false],
    [API.inventory.reactivate, 'reactivateInventory', true],
  ] as const) {
    app.patch(
      path,
      {
        config: { access: { permission: 'inventory:update' } },
        schema: {
          tags: TAGS,
          operationId,
          summary: active
            ? 'Reactivate a stock record: it shows in the stock lists again'
            : 'Retire a stock record: it leaves the stock lists and keeps its quantity and history',
          description: 'The item must be at that location (404 otherwise). Answers the item.',
          params: ZInventoryLocationParams,
          body: ZNoBody,
          response: { 200: ZInventoryItem, 400: ZErrorBody, 404: ZErrorBody },
        },
      },
      async (request) => setItemActive(deps, requirePrincipal(request.principal), request.params, active),
    );
  }

  app.delete(
    API.inventory.atLocation,
    {
      config: { access: { permission: 'inventory:delete' } },
      schema: {
        tags: TAGS,
        operationId: 'deleteInventory',
        summary: 'Delete a stock record that holds nothing',
        description:
          'Only at quantity 0 (409 otherwise, with details.quantity); its ledger stays as history. ' +
          'Records INVENTORY_DELETION.',
        params: ZInventoryLocationParams,
        response: { 204: z.null().describe('Deleted'), 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      await deleteItem(deps, requirePrincipal(request.principal), request.params);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    API.inventory.zeroQuantity,
    {
      config: { access: { permission: 'inventory:delete' } },
      schema: {
        tags: TAGS,
        operationId: 'deleteEmptyInventoryAtLocation',
        summary: 'Delete every stock record at 0 of a location',
        description: 'Answers how many were deleted; their ledgers stay. Records INVENTORY_DELETION.',
        params: ZLocationIdParams,
        response: { 200: ZZeroQuantityDeletion, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => deleteEmptyItems(deps, requirePrincipal(request.principal), request.params.locationId),
  );
};
