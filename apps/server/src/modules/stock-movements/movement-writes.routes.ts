import {
  API,
  MAX_CODE_ATTEMPTS,
  ZBatchCancelQuery,
  ZBatchValidationQuery,
  ZCreatedMovements,
  ZCreateMovementRequest,
  ZDestinationValidationBody,
  ZErrorBody,
  ZIdParams,
  ZNoBody,
  ZStockMovement,
  type TReceivedItem,
  ZStockMovementList,
  ZValidationCodeQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { IDEMPOTENCY_DESCRIPTION, idempotencyClaim } from '../../platform/idempotency/idempotency.js';
import { cancelMovements } from './movement-cancel.service.js';
import type { MovementEnd } from './movement-rules.js';
import { validateMovements } from './movement-validation.service.js';
import type { MovementDeps } from './stock-movements.deps.js';
import { createFromRequest } from './stock-movements.service.js';

const TAGS = ['stock-movements'];

const RETRIES = IDEMPOTENCY_DESCRIPTION.trim();

const ARRIVALS =
  'At the destination the body may state what arrived where it differs from what was sent: ' +
  '`{items: [{movementId, receivedQuantity, reason, note?}]}`, one item per movement validated here, ' +
  'reason SHORT or DAMAGED for fewer units, OVER for more (400 otherwise, and for a reason where all ' +
  'arrived). The destination takes the units received, at the unit cost they left the source at; the ' +
  'source ledger records the units short or damaged (TRANSFER_LOSS, delta 0) and the source is alerted. ' +
  'Without a body everything arrived.';

const CODES =
  `A wrong code answers 400 WRONG_VALIDATION_CODE with \`details.attemptsLeft\` and counts, even though ` +
  `the request fails; the ${MAX_CODE_ATTEMPTS}th wrong code locks the movement, which then answers ` +
  '409 MOVEMENT_LOCKED until an inventory admin cancels it.';

/** Creating, validating and cancelling movements: each changes state or stock. */
export const movementWritesRoutes: FastifyPluginAsyncZod<{ deps: MovementDeps }> = async (app, { deps }) => {
  app.post(
    API.stockMovements.create,
    {
      config: { access: { permission: 'movements:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createMovement',
        summary: 'Create a stock movement, or a batch of them',
        description:
          'One movement `{sku, sourceLocationId, destinationLocationId, quantity, note?}` or a batch ' +
          '`{items, note?}` sharing one batchId and one pair of codes. The SKU must be a product at the ' +
          'source. The answer carries the two 6-digit codes once; no later answer does. ' +
          RETRIES,
        body: ZCreateMovementRequest,
        response: {
          201: ZCreatedMovements,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const created = await createFromRequest(
        deps,
        principal,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(201).send(created);
    },
  );

  const ends: Array<[MovementEnd, string, string, string]> = [
    [
      'SOURCE',
      API.stockMovements.validateSource,
      'validateMovementSource',
      'the stock leaves the source (IN_TRANSIT)',
    ],
    [
      'DESTINATION',
      API.stockMovements.validateDestination,
      'validateMovementDestination',
      'the stock arrives (COMPLETED); the product is created at the destination from the source when missing',
    ],
  ];
  for (const [end, path, operationId, effect] of ends) {
    app.put(
      path,
      {
        config: { access: { permission: 'movements:validate' } },
        schema: {
          tags: TAGS,
          operationId,
          summary: `Validate a movement at the ${end === 'SOURCE' ? 'source' : 'destination'} with its code`,
          description: `With the right code ${effect}. ${end === 'DESTINATION' ? `${ARRIVALS} ` : ''}${CODES} ${RETRIES}`,
          params: ZIdParams,
          querystring: ZValidationCodeQuery,
          body: end === 'DESTINATION' ? ZDestinationValidationBody : ZNoBody,
          response: {
            200: ZStockMovement,
            400: ZErrorBody,
            404: ZErrorBody,
            409: ZErrorBody,
            422: ZErrorBody,
          },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request.principal);
        const [movement] = await validateMovements(
          deps,
          principal,
          end,
          { id: request.params.id },
          request.query.validationCode,
          idempotencyClaim(request, principal.userId),
          receivedItems(request.body),
        );
        if (!movement) throw new Error('a validated movement is always answered');
        return movement;
      },
    );
  }

  const batchEnds: Array<[MovementEnd, string, string]> = [
    ['SOURCE', API.stockMovements.batchValidateSource, 'validateBatchSource'],
    ['DESTINATION', API.stockMovements.batchValidateDestination, 'validateBatchDestination'],
  ];
  for (const [end, path, operationId] of batchEnds) {
    const place = end === 'SOURCE' ? 'source' : 'destination';
    app.put(
      path,
      {
        config: { access: { permission: 'movements:validate' } },
        schema: {
          tags: TAGS,
          operationId,
          summary: `Validate a whole batch at the ${place} with its code`,
          description:
            `Every movement of the batch that waits for its ${place} is validated in one transaction, all or ` +
            `none: one item short of stock and nothing moves (409 INSUFFICIENT_STOCK). Answers the batch. ` +
            `${end === 'DESTINATION' ? `${ARRIVALS} ` : ''}${CODES} ${RETRIES}`,
          querystring: ZBatchValidationQuery,
          body: end === 'DESTINATION' ? ZDestinationValidationBody : ZNoBody,
          response: {
            200: ZStockMovementList,
            400: ZErrorBody,
            404: ZErrorBody,
            409: ZErrorBody,
            422: ZErrorBody,
          },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request.principal);
        return validateMovements(
          deps,
          principal,
          end,
          { batchId: request.query.batchId },
          request.query.validationCode,
          idempotencyClaim(request, principal.userId),
          receivedItems(request.body),
        );
      },
    );
  }

  const cancelRule =
    'PENDING ends; IN_TRANSIT ends with its units returned to the source. An arrived or cancelled ' +
    'movement is 409; one locked by wrong codes is cancelled only by an inventory admin (409 MOVEMENT_LOCKED ' +
    'for anyone else). ';
  app.put(
    API.stockMovements.cancel,
    {
      config: { access: { permission: 'movements:validate' } },
      schema: {
        tags: TAGS,
        operationId: 'cancelMovement',
        summary: 'Cancel a movement',
        description: cancelRule + RETRIES,
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZStockMovement, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      const [movement] = await cancelMovements(
        deps,
        principal,
        [request.params.id],
        idempotencyClaim(request, principal.userId),
      );
      if (!movement) throw new Error('a cancelled movement is always answered');
      return movement;
    },
  );

  app.put(
    API.stockMovements.batchCancel,
    {
      config: { access: { permission: 'movements:validate' } },
      schema: {
        tags: TAGS,
        operationId: 'cancelMovements',
        summary: 'Cancel several movements at once, all or none',
        description: `\`movementIds\` repeated once per movement; one that cannot be cancelled and none is. ${cancelRule}${RETRIES}`,
        querystring: ZBatchCancelQuery,
        body: ZNoBody,
        response: {
          200: ZStockMovementList,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      return cancelMovements(
        deps,
        principal,
        request.query.movementIds,
        idempotencyClaim(request, principal.userId),
      );
    },
  );
};

/** The items of a destination's body (parsed by ZDestinationValidationBody); a source's has none. */
function receivedItems(body: { items?: TReceivedItem[] } | null | undefined): TReceivedItem[] {
  return body?.items ?? [];
}
