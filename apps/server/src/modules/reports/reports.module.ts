import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import type { ReportsDeps } from './reports.deps.js';
import { reportsRoutes } from './reports.routes.js';

export type { ReportsDeps } from './reports.deps.js';

/** Reports (001 section 7, "AI reports"; issue 14): questions, predefined reports, forecasts, export. */
export async function registerReportsModule(app: FastifyInstance, deps: ReportsDeps): Promise<void> {
  await app.register(async (reports) => {
    reports.addHook('preValidation', refuseNulCharacters);
    await reports.register(reportsRoutes, { deps });
  });
}
