import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { Stripe } from '../../platform/stripe/stripe-client.js';
import type { SubscriptionsDeps } from '../subscriptions/provider-events.service.js';
import type { PaymentAccounts } from './payment-accounts.js';

/** What the payments services need; built once in app.ts. */
export type PaymentsDeps = {
  db: Db;
  accounts: PaymentAccounts;
  /** Stripe and its webhook signing secret; null without STRIPE_SECRET_KEY (webhooks: 400). */
  stripe: { client: Stripe; webhookSecret: string } | null;
  /** Webhooks about subscriptions are applied by the subscriptions module. */
  subscriptions: SubscriptionsDeps;
  log: FastifyBaseLogger;
};
