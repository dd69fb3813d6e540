import type { FastifyInstance } from 'fastify';
import { queueEvery } from '../../platform/jobs/periodic.js';
import { queueDueRenewals, renewSubscription } from './renewals.service.js';
import type { SubscriptionsDeps } from './subscriptions.deps.js';
import { PROVIDER_CANCEL_QUEUE, RENEWAL_QUEUE, RENEWAL_SWEEP_QUEUE } from './subscriptions.queues.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { cancelAtProvider } from './subscriptions.service.js';

/** How often a running server queues the renewal sweep; one sweep per minute across processes. */
export const RENEWAL_SWEEP_INTERVAL_MS = 60_000;

/**
 * Plans, subscriptions and their renewals (the specification's sales service, DESIGN 6 and 14).
 * With `sweepEveryMs`, the sweep is queued at that interval (platform/jobs/periodic.ts); tests pass
 * none and queue it themselves.
 */
export async function registerSubscriptionsModule(
  app: FastifyInstance,
  deps: SubscriptionsDeps,
  options: { sweepEveryMs?: number } = {},
): Promise<void> {
  deps.jobs.register(RENEWAL_SWEEP_QUEUE, async () => {
    await queueDueRenewals(deps);
  });
  deps.jobs.register(RENEWAL_QUEUE, async (job) => {
    await renewSubscription(deps, job);
  });
  deps.jobs.register(PROVIDER_CANCEL_QUEUE, (job) => cancelAtProvider(deps, job));
  await app.register(subscriptionsRoutes, { deps });

  queueEvery(app, {
    jobs: deps.jobs,
    queue: RENEWAL_SWEEP_QUEUE,
    everyMs: options.sweepEveryMs,
    log: deps.log,
  });
}
