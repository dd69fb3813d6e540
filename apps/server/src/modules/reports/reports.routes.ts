import {
  API,
  FORECAST_DEFAULT_DAYS,
  FORECAST_MAX_DAYS,
  FORECAST_MIN_DAYS,
  PREDEFINED_REPORTS,
  REPORT_DEFAULT_RANGE_DAYS,
  ZAdvancedReportRequest,
  ZBasicReportQuery,
  ZErrorBody,
  ZExportReportQuery,
  ZFilterBody,
  ZForecastQuery,
  ZPage,
  ZPageQuery,
  ZReport,
  ZReportIdParams,
  ZReportProduct,
  ZReportProductQuery,
  ZReportSummary,
  ZSupremeReportQuery,
} from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { attachmentHeader } from '../../platform/files/spreadsheet-writer.js';
import { exportReport, REPORT_CONTENT_TYPES } from './report-export.service.js';
import type { ReportsDeps } from './reports.deps.js';
import {
  askQuestion,
  deleteReport,
  getReport,
  listMyReports,
  predict,
  runBasicReport,
  searchForecastProducts,
} from './reports.service.js';

const TAGS = ['reports'];
const READ = { access: { permission: 'analytics:read' } } as const;
const STORED =
  'The answer is stored: its reportId opens it again (GET /api/reports/{id}) and exports it. Every number the ' +
  'summary states is in one of its tables.';
const ERRORS = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody } as const;

export const ZReportFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'The report as PDF, XLSX or CSV' });

/** Aborted when the client goes away before its answer is written (a question may take a minute). */
function whileAsked(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Reports (001 section 7, "AI reports"; issue 14): ask, predefined reports, forecasts, export, history. */
export const reportsRoutes: FastifyPluginAsyncZod<{ deps: ReportsDeps }> = async (app, { deps }) => {
  app.get(
    API.reports.basic,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getBasicReport',
        summary: 'A predefined report',
        description:
          `One of ${PREDEFINED_REPORTS.join(', ')} over the last ${REPORT_DEFAULT_RANGE_DAYS} days (stock reports: ` +
          `now), for the business or one store. ${STORED} Plan feature ANALYTICS_BASIC.`,
        querystring: ZBasicReportQuery,
        response: { 200: ZReport, ...ERRORS },
      },
    },
    async (request) => runBasicReport(deps, requirePrincipal(request.principal), request.query),
  );

  app.post(
    API.reports.advancedAi,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'askAdvancedReport',
        summary: 'Ask a question about the business',
        description:
          'A question in plain English ("best sellers last month in Market Row") answered with a summary, tables and ' +
          'charts. The filter gives the range, store or category the question does not name. A question the analyst ' +
          `does not understand answers 422 with examples in details.examples. ${STORED} Plan feature AI_REPORT.`,
        body: ZAdvancedReportRequest,
        response: { 200: ZReport, ...ERRORS, 422: ZErrorBody, 429: ZErrorBody, 502: ZErrorBody },
      },
    },
    async (request, reply) =>
      askQuestion(
        deps,
        requirePrincipal(request.principal),
        { question: request.body.userQuery, filter: request.body.filter, signal: whileAsked(reply) },
        'ADVANCED',
      ),
  );

  app.post(
    API.reports.supremeAi,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'askSupremeReport',
        summary: 'Ask a question, forecasts included',
        description:
          'As the advanced question, with the question in `query`; it also answers forecasts ("what will we sell next ' +
          `month") on plans with FORECAST. ${STORED} Plan feature ANALYTICS_SUPREME.`,
        querystring: ZSupremeReportQuery,
        body: ZFilterBody,
        response: { 200: ZReport, ...ERRORS, 422: ZErrorBody, 429: ZErrorBody, 502: ZErrorBody },
      },
    },
    async (request, reply) =>
      askQuestion(
        deps,
        requirePrincipal(request.principal),
        { question: request.query.query, filter: request.body.filter, signal: whileAsked(reply) },
        'SUPREME',
      ),
  );

  app.post(
    API.reports.predict,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'predictDemand',
        summary: 'Forecast the next days',
        description:
          `Daily sales of the business or filter.storeId, or daily units of filter.productId, for the next ` +
          `forecastPeriod days (${FORECAST_MIN_DAYS} to ${FORECAST_MAX_DAYS}, default ${FORECAST_DEFAULT_DAYS}), by ` +
          'Holt-Winters with weekly seasonality or a simpler model, whichever did best on the last 4 weeks; with an ' +
          `80% interval, the back-test error (MAPE) and suggested orders. ${STORED} Plan feature FORECAST.`,
        querystring: ZForecastQuery,
        body: ZFilterBody,
        response: { 200: ZReport, ...ERRORS },
      },
    },
    async (request) =>
      predict(deps, requirePrincipal(request.principal), request.query.forecastPeriod, request.body.filter),
  );

  app.get(
    API.reports.exportFinal,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'exportReport',
        summary: 'A stored report as PDF, XLSX or CSV',
        description:
          'The report as it was answered: PDF (summary, charts, tables), XLSX (a summary sheet and one sheet per table, ' +
          'typed cells) or CSV (every table in turn). Cells that a spreadsheet would read as a formula are written as ' +
          'text. The file is named after the title and the date. Plan feature EXPORT.',
        querystring: ZExportReportQuery,
        produces: Object.values(REPORT_CONTENT_TYPES),
        response: { 200: ZReportFile, ...ERRORS },
      },
    },
    async (request, reply) => {
      const file = await exportReport(deps, requirePrincipal(request.principal), request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    API.reports.products,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'searchReportProducts',
        summary: "A store's products to forecast",
        description:
          "Active products at the store's location whose name or SKU starts with query (any case), by name, at " +
          'most 20: the forecast picker for roles that read analytics but not the catalogue. Plan feature ANALYTICS_BASIC.',
        querystring: ZReportProductQuery,
        response: { 200: z.array(ZReportProduct), ...ERRORS },
      },
    },
    async (request) => searchForecastProducts(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.reports.root,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'listMyReports',
        summary: 'The reports the signed-in user asked for',
        description: 'Newest first, paged; without their tables (GET /api/reports/{id} has them).',
        querystring: ZPageQuery,
        response: { 200: ZPage(ZReportSummary), 400: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => listMyReports(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.reports.byId,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getReport',
        summary: 'One stored report',
        description: 'Any analytics reader of the business may open a report shared with them by its id.',
        params: ZReportIdParams,
        response: { 200: ZReport, ...ERRORS },
      },
    },
    async (request) => getReport(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.delete(
    API.reports.byId,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'deleteReport',
        summary: 'Delete one of my reports',
        description: 'Only its author deletes a report; another user’s report answers 404.',
        params: ZReportIdParams,
        response: { 204: z.null().describe('Deleted'), ...ERRORS },
      },
    },
    async (request, reply) => {
      await deleteReport(deps, requirePrincipal(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
