import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import type { AlertsDeps } from './alerts.deps.js';
import { alertsRoutes } from './alerts.routes.js';

export type { AlertsDeps } from './alerts.deps.js';

/** Alerts (001 sections 3, 4, 7; issue 13): broadcasts and every user's inbox. */
export async function registerAlertsModule(app: FastifyInstance, deps: AlertsDeps): Promise<void> {
  await app.register(async (alerts) => {
    alerts.addHook('preValidation', refuseNulCharacters);
    await alerts.register(alertsRoutes, { deps });
  });
}
