import { API, ZErrorBody } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsDeps } from './payments.deps.js';
import { receiveStripeWebhook } from './stripe-webhook.service.js';

/** At most this much of an event is read: Stripe's events are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * `POST /api/stripe/webhook` in a plugin context of its own: every body stays the raw bytes
 * Stripe signed (the signature is over them, not over re-serialised JSON).
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ deps: PaymentsDeps }> = async (app, { deps }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    API.stripe.webhook,
    {
      config: { access: 'public' },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        operationId: 'receiveStripeWebhook',
        summary: 'Stripe’s events (signed)',
        description:
          'Checked against STRIPE_WEBHOOK_SECRET (the Stripe-Signature header) before anything is read; ' +
          'a bad or missing signature, or a server without Stripe, is 400. Each event id is applied ' +
          'once: checkout.session.completed starts the subscription, customer.subscription.updated and ' +
          '.deleted follow it, account.updated records whether onboarding is complete.',
        body: z.unknown().describe('The event, as Stripe signed it'),
        response: {
          200: z.object({
            received: z.literal(true),
            outcome: z.enum(['applied', 'unchanged', 'ignored', 'duplicate']),
          }),
          400: ZErrorBody,
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return receiveStripeWebhook(deps, body, Array.isArray(signature) ? signature[0] : signature);
    },
  );
};
