import {
  API,
  DEFAULT_LEAD_TIME_DAYS,
  ZDraftsFromSuggestions,
  ZDraftsFromSuggestionsRequest,
  ZErrorBody,
  ZSuggestions,
  ZSuggestionsQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import { IDEMPOTENCY_DESCRIPTION, idempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import type { PurchasingDeps } from '../purchasing.deps.js';
import { draftSuggestedOrders, getSuggestions } from './suggestions.service.js';

const TAGS = ['purchasing'];

const RULE =
  'A product is suggested when its quantity is under its reorder point (the stock record’s, else the ' +
  'product’s): enough units to reach the reorder point plus the forecast demand over its supplier’s lead ' +
  `time (${DEFAULT_LEAD_TIME_DAYS} days when the supplier has none; no forecast without sales in the last 26 ` +
  'weeks), less what is on hand, on sent orders and on drafts.';

/** Suggested orders: read by inventory readers, turned into drafts by those who create orders. */
export const suggestionsRoutes: FastifyPluginAsyncZod<{ deps: PurchasingDeps }> = async (app, { deps }) => {
  app.get(
    API.purchaseOrders.suggestions,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listSuggestedOrders',
        summary: 'Suggested orders for a location, grouped by supplier',
        description: `${RULE} 404 for a location that is not the business’s.`,
        querystring: ZSuggestionsQuery,
        response: { 200: ZSuggestions, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getSuggestions(deps, requirePrincipal(request.principal), request.query.locationId),
  );

  app.post(
    API.purchaseOrders.draftsFromSuggestions,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'draftSuggestedOrders',
        summary: 'Turn suggested orders into draft purchase orders',
        description:
          `The suggestions of the moment (${RULE}) become one draft per active supplier (more past 200 lines), ` +
          'all or none; `supplierIds` picks the groups. 409 when a named supplier, or the location, has ' +
          `nothing to order. ${IDEMPOTENCY_DESCRIPTION.trim()}`,
        body: ZDraftsFromSuggestionsRequest,
        response: {
          201: ZDraftsFromSuggestions,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const answer = await draftSuggestedOrders(
        deps,
        principal,
        request.body,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(201).send(answer);
    },
  );
};
