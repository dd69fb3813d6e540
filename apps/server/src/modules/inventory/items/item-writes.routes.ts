import {
  API,
  ZAdjustInventoryRequest,
  ZAdjustManyRequest,
  ZCreateInventoryBatchRequest,
  ZCreateInventoryRequest,
  ZErrorBody,
  ZIdParams,
  ZInventoryItem,
  ZInventoryItemList,
  ZInventoryLocationParams,
  ZSetCountRequest,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import { IDEMPOTENCY_DESCRIPTION, idempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { adjustItem, adjustItems, countItem, createItem, createItems } from './item-writes.service.js';

const TAGS = ['inventory'];

/** Every call here changes stock, so every one takes an Idempotency-Key (DESIGN 13). */
const IDEMPOTENT = IDEMPOTENCY_DESCRIPTION;

/*
 * `once` answers the status the work chose, or the one stored with a replayed answer (only
 * successes are stored): the route's own success status either way, hence the casts below.
 */

/** The inventory calls that change quantities, each through the stock function and its ledger. */
export const itemWritesRoutes: FastifyPluginAsyncZod<{ deps: InventoryDeps }> = async (app, { deps }) => {
  app.post(
    API.inventory.root,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createInventory',
        summary: 'Open the stock record of a product at its location',
        description:
          'The product must be placed at that location (400 otherwise); a product that has a record ' +
          'there already answers 409 with details.field productId. The opening quantity is a COUNT ' +
          'row of the ledger. Records INVENTORY_CREATION.' +
          IDEMPOTENT,
        body: ZCreateInventoryRequest,
        response: { 201: ZInventoryItem, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const answer = await createItem(
        deps,
        principal,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  );

  app.post(
    API.inventory.batch,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createInventoryBatch',
        summary: 'Open several stock records at once, all or none',
        description:
          'A list of what POST /api/inventory takes (at most 500). One refused item writes nothing; ' +
          'the error names it in details.index (from 0).' +
          IDEMPOTENT,
        body: ZCreateInventoryBatchRequest,
        response: {
          201: ZInventoryItemList,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const answer = await createItems(
        deps,
        principal,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  );

  app.put(
    API.inventory.adjust,
    {
      config: { access: { permission: 'inventory:adjust' } },
      schema: {
        tags: TAGS,
        operationId: 'adjustInventory',
        summary: 'Add or remove units, with a reason',
        description:
          'An ADJUSTMENT row of the ledger whose cause is `reason`. Stock never goes below 0: 409 ' +
          'INSUFFICIENT_STOCK with details.available. Records INVENTORY_ADJUSTMENT.' +
          IDEMPOTENT,
        params: ZIdParams,
        body: ZAdjustInventoryRequest,
        response: { 200: ZInventoryItem, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const answer = await adjustItem(
        deps,
        principal,
        request.params.id,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );

  app.put(
    API.inventory.adjustMany,
    {
      config: { access: { permission: 'inventory:adjust' } },
      schema: {
        tags: TAGS,
        operationId: 'adjustInventoryBatch',
        summary: 'Adjust several items in one transaction, all or none',
        description:
          'The changes apply in the order sent (the same item twice takes both). A refused change ' +
          'writes nothing and is named in details.index. Answers each item changed once, as it ' +
          'stands after all the changes.' +
          IDEMPOTENT,
        body: ZAdjustManyRequest,
        response: {
          200: ZInventoryItemList,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const answer = await adjustItems(
        deps,
        principal,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );

  app.put(
    API.inventory.atLocation,
    {
      config: { access: { permission: 'inventory:adjust' } },
      schema: {
        tags: TAGS,
        operationId: 'setInventoryCount',
        summary: 'Set the counted quantity of an item',
        description:
          'The ledger records the difference as a COUNT row, 0 included (the count confirmed the ' +
          'number). The item must be at that location (404 otherwise). Records INVENTORY_ADJUSTMENT.' +
          IDEMPOTENT,
        params: ZInventoryLocationParams,
        body: ZSetCountRequest,
        response: { 200: ZInventoryItem, 400: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const answer = await countItem(
        deps,
        principal,
        request.params,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );
};
