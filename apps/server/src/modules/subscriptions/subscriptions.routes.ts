import {
  API,
  ZAutoRenewQuery,
  ZChangePlanRequest,
  ZCreateSubscriptionRequest,
  ZCurrentSubscriptionQuery,
  ZErrorBody,
  ZIdParams,
  ZNoBody,
  ZSubscription,
  ZSubscriptionCheckout,
  ZSubscriptionPlan,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { IDEMPOTENCY_DESCRIPTION, idempotencyClaim } from '../../platform/idempotency/idempotency.js';
import type { SubscriptionsDeps } from './subscriptions.deps.js';
import {
  cancelSubscription,
  changePlan,
  createSubscription,
  getCurrentSubscription,
  getSubscription,
  listSubscriptionPlans,
  reactivateSubscription,
  setAutoRenew,
} from './subscriptions.service.js';

const TAGS = ['subscriptions'];
const READ = { access: { permission: 'subscription:read' as const } };
const MANAGE = { access: { permission: 'subscription:manage' as const } };
const SANDBOX =
  ' Payments go through the billing provider; with the built-in sandbox they succeed at once and ' +
  'the answer says `sandbox: true`.';

/** Plans (public) and the business's subscription (000 section 7, DESIGN 6). */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ deps: SubscriptionsDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    API.subscriptions.plans,
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        operationId: 'listSubscriptionPlans',
        summary: 'The plans on offer (no token)',
        description:
          'The four plans, cheapest first: monthly price, limits (null is unlimited) and features.',
        response: { 200: z.array(ZSubscriptionPlan) },
      },
    },
    async () => listSubscriptionPlans(deps),
  );

  app.post(
    API.subscriptions.root,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        operationId: 'createSubscription',
        summary: 'Subscribe the business to a paid plan',
        description:
          'With the sandbox: pays the first month and puts the business on the plan at once (201); the ' +
          'period is one calendar month. With Stripe: 202 and the Checkout page to pay on; the ' +
          'subscription starts when Stripe confirms the payment, and a second call for the same plan ' +
          'while the page is open answers it again. FREE needs no subscription (400); a business with ' +
          'an open subscription changes its plan instead (409); a plan below what the business uses ' +
          'is 409 naming what to remove.' +
          SANDBOX +
          IDEMPOTENCY_DESCRIPTION,
        body: ZCreateSubscriptionRequest,
        response: {
          201: ZSubscription,
          202: ZSubscriptionCheckout,
          400: ZErrorBody,
          409: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const answer = await createSubscription(
        deps,
        principal,
        request.body.planId,
        idempotencyClaim(request, principal.userId),
      );
      return 'checkoutUrl' in answer.body
        ? reply.code(202).send(answer.body)
        : reply.code(201).send(answer.body);
    },
  );

  app.get(
    API.subscriptions.current,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getCurrentSubscription',
        summary: "The business's open subscription",
        description:
          'ACTIVE or CANCELED (access to endDate). None, or another business: 404, which means the ' +
          'business is on the Free plan.',
        querystring: ZCurrentSubscriptionQuery,
        response: { 200: ZSubscription, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      getCurrentSubscription(deps, requirePrincipal(request.principal), request.query.businessId),
  );

  app.get(
    API.subscriptions.byId,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getSubscription',
        summary: 'One subscription of the business',
        description: "Any status, EXPIRED ones included; another business's id is 404.",
        params: ZIdParams,
        response: { 200: ZSubscription, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getSubscription(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.put(
    API.subscriptions.byId,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        operationId: 'changeSubscriptionPlan',
        summary: 'Change the plan of an active subscription',
        description:
          'For the rest of the period, prorated by the provider; the business is on the new plan at ' +
          'once. A plan below what the business uses (stores, warehouses, products, staff users) is ' +
          '409 naming what to remove first; a canceled subscription is reactivated first (409); ' +
          'FREE is reached by cancelling (400).' +
          SANDBOX +
          IDEMPOTENCY_DESCRIPTION,
        params: ZIdParams,
        body: ZChangePlanRequest,
        response: { 200: ZSubscription, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const answer = await changePlan(
        deps,
        principal,
        request.params.id,
        request.body.planId,
        idempotencyClaim(request, principal.userId),
      );
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );

  app.delete(
    API.subscriptions.byId,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        operationId: 'cancelSubscription',
        summary: 'Cancel the subscription at the end of its period',
        description:
          'Status CANCELED, auto-renew off; the plan stays until endDate, then the business is on ' +
          'Free. Cancelling a canceled one answers it as it is; an ended one is 409.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZSubscription, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => cancelSubscription(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.post(
    API.subscriptions.reactivate,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        operationId: 'reactivateSubscription',
        summary: 'Undo a cancellation before the period ends',
        description:
          'A CANCELED subscription before its endDate is ACTIVE again and renews; after its end, or ' +
          'an EXPIRED one, is 409 (subscribe again). An active one is answered as it is.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZSubscription, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => reactivateSubscription(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.patch(
    API.subscriptions.autoRenew,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        operationId: 'setSubscriptionAutoRenew',
        summary: 'Turn renewal at the end of the period on or off',
        description:
          'Active subscriptions only (a canceled one is reactivated instead: 409). Off, the ' +
          'subscription ends at endDate and the business is back on Free.',
        params: ZIdParams,
        querystring: ZAutoRenewQuery,
        body: ZNoBody,
        response: { 200: ZSubscription, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      setAutoRenew(deps, requirePrincipal(request.principal), request.params.id, request.query.enable),
  );
};
