import type { FastifyInstance } from 'fastify';
import { queueDueRenewals, renewSubscription } from './renewals.service.js';
import type { SubscriptionsDeps } from './subscriptions.deps.js';
import { PROVIDER_CANCEL_QUEUE, RENEWAL_QUEUE, RENEWAL_SWEEP_QUEUE } from './subscriptions.queues.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { cancelAtProvider } from './subscriptions.service.js';

/** How often a running server queues the renewal sweep; one sweep per minute across processes. */
export const RENEWAL_SWEEP_INTERVAL_MS = 60_000;

/**
 * Plans, subscriptions and their renewals (the specification's sales service, DESIGN 6 and 14).
 * With `sweepEveryMs`, a timer queues the sweep job (a singleton per interval whichever process
 * sends it) from the moment the app is ready to its close; tests pass none and queue it themselves.
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

  const every = options.sweepEveryMs;
  if (every) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        deps.jobs
          .send(RENEWAL_SWEEP_QUEUE, {}, { singletonSeconds: Math.max(1, Math.floor(every / 1000)) })
          .catch((error: unknown) => deps.log.warn({ err: error }, 'could not queue the renewal sweep'));
      }, every);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });
  }
}
