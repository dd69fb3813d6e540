import { API, ZErrorBody, ZPaymentLink, ZReauthQuery, ZSandboxOnboardingRequest } from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import type { PaymentsDeps } from './payments.deps.js';
import {
  completeSandboxOnboarding,
  connectPaymentAccount,
  paymentDashboardLink,
  reauthPaymentAccount,
} from './payments.service.js';

const TAGS = ['payments'];
const MANAGE = { access: { permission: 'payments:manage' as const } };
const LINK =
  ' Answers the link as a JSON string, to open in a new tab. With the built-in sandbox the link is a ' +
  'page of this app.';

/**
 * A link as a JSON string. Fastify sends a bare string as text/plain without serialising it;
 * the contract (and the web's JSON reader) want `"https://…"`.
 */
function sendLink(reply: FastifyReply, link: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(ZPaymentLink.parse(link)));
}

/** The business's payment account (000 section 7 "Payment provider"): owner only. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ deps: PaymentsDeps }> = async (app, { deps }) => {
  app.get(
    API.stripe.connect,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        operationId: 'connectPaymentAccount',
        summary: 'Connect the payment account: its onboarding link',
        description:
          'Opens the business’s Stripe Connect Express account on first use, then answers a link to its ' +
          'onboarding. Once onboarding is complete: 409.' +
          LINK,
        response: { 200: ZPaymentLink, 409: ZErrorBody },
      },
    },
    async (request, reply) =>
      sendLink(reply, await connectPaymentAccount(deps, requirePrincipal(request.principal))),
  );

  app.get(
    API.stripe.reauth,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        operationId: 'reauthPaymentAccount',
        summary: 'A fresh onboarding link for the payment account',
        description: 'For the business’s own account only; any other account id is 404.' + LINK,
        querystring: ZReauthQuery,
        response: { 200: ZPaymentLink, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) =>
      sendLink(
        reply,
        await reauthPaymentAccount(deps, requirePrincipal(request.principal), request.query.account),
      ),
  );

  app.get(
    API.stripe.expressDashboard,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        operationId: 'paymentDashboardLink',
        summary: 'A sign-in link to the payment account’s dashboard',
        description: 'Until onboarding is complete: 409.' + LINK,
        response: { 200: ZPaymentLink, 409: ZErrorBody },
      },
    },
    async (request, reply) =>
      sendLink(reply, await paymentDashboardLink(deps, requirePrincipal(request.principal))),
  );

  app.post(
    API.stripe.sandboxOnboarding,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        operationId: 'completeSandboxOnboarding',
        summary: 'Complete onboarding of a sandbox payment account',
        description:
          'The built-in sandbox’s onboarding page posts here: the business’s sandbox account is ' +
          'onboarded at once. With Stripe configured, or for another account id: 404.',
        body: ZSandboxOnboardingRequest,
        response: { 204: z.null(), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await completeSandboxOnboarding(deps, requirePrincipal(request.principal), request.body.account);
      return reply.code(204).send(null);
    },
  );
};
