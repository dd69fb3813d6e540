import type { FastifyInstance } from 'fastify';
import type { PaymentsDeps } from './payments.deps.js';
import { paymentsRoutes } from './payments.routes.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';

/** The business's payment account (Stripe Connect, or the sandbox) and Stripe's webhook. */
export async function registerPaymentsModule(app: FastifyInstance, deps: PaymentsDeps): Promise<void> {
  await app.register(paymentsRoutes, { deps });
  await app.register(stripeWebhookRoutes, { deps });
}
