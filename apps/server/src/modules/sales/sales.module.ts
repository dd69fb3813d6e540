import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import { AnalyticsCache } from './analytics/analytics-cache.js';
import type { AnalyticsDeps } from './analytics/sales-analytics.service.js';
import { salesAnalyticsRoutes } from './analytics/sales-analytics.routes.js';
import type { SalesDeps } from './sales.deps.js';
import { salesRoutes } from './sales.routes.js';

export type { SalesDeps } from './sales.deps.js';

/** Sales at the stores (DESIGN 9): checkouts, refunds and their reads, and the Sales analytics. */
export async function registerSalesModule(
  app: FastifyInstance,
  deps: SalesDeps & Pick<AnalyticsDeps, 'reads'>,
): Promise<void> {
  await app.register(async (sales) => {
    sales.addHook('preValidation', refuseNulCharacters);
    await sales.register(salesRoutes, { deps });
    await sales.register(salesAnalyticsRoutes, { deps: { ...deps, cache: new AnalyticsCache() } });
  });
}
