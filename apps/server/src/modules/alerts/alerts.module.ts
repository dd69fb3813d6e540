import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import { queueEvery } from '../../platform/jobs/periodic.js';
import { createAlertStreams } from './alert-stream.js';
import { HEARTBEAT_MS, alertStreamRoutes } from './alert-stream.routes.js';
import type { AlertsDeps } from './alerts.deps.js';
import { ALERT_MAIL_QUEUE, MOVEMENT_ALERTS_QUEUE, MOVEMENT_ALERTS_SWEEP_QUEUE } from './alerts.queues.js';
import { alertsRoutes } from './alerts.routes.js';
import { checkMovementAlerts, mailAlert, queueMovementChecks } from './system-alerts.service.js';

export type { AlertRaiser, AlertsDeps } from './alerts.deps.js';

/** How often a running server queues the check of movements waiting too long. */
export const MOVEMENT_ALERTS_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Alerts (001 sections 3, 4, 7; issue 13): broadcasts, every user's inbox and its live stream, and
 * the jobs of system alerts (the movement check; the mails of CRITICAL alerts). With
 * `sweepEveryMs`, the movement check is queued at that interval; tests queue it themselves.
 */
export async function registerAlertsModule(
  app: FastifyInstance,
  deps: AlertsDeps,
  options: { sweepEveryMs?: number; heartbeatMs?: number } = {},
): Promise<void> {
  deps.jobs.register(MOVEMENT_ALERTS_SWEEP_QUEUE, async () => {
    await queueMovementChecks(deps);
  });
  deps.jobs.register(MOVEMENT_ALERTS_QUEUE, async (job) => {
    await checkMovementAlerts(deps, job);
  });
  deps.jobs.register(ALERT_MAIL_QUEUE, async (job) => {
    await mailAlert(deps, job);
  });
  queueEvery(app, {
    jobs: deps.jobs,
    queue: MOVEMENT_ALERTS_SWEEP_QUEUE,
    everyMs: options.sweepEveryMs,
    log: deps.log,
  });

  const streams = createAlertStreams(deps.notifications, deps.log);
  // Before the server stops taking connections: open streams would hold its close.
  app.addHook('preClose', async () => {
    streams.close();
  });
  await app.register(async (alerts) => {
    alerts.addHook('preValidation', refuseNulCharacters);
    await alerts.register(alertsRoutes, { deps });
    await alerts.register(alertStreamRoutes, { deps, streams, heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS });
  });
}
