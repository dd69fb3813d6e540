import { randomUUID } from 'node:crypto';
import {
  FORECAST_DEFAULT_DAYS,
  PREDEFINED_REPORT_TITLES,
  REPORT_PRODUCTS_LIMIT,
  REPORT_EXAMPLE_QUESTIONS,
  toPage,
  type Feature,
  type TBasicReportQuery,
  type TPage,
  type TPageQuery,
  type TReport,
  type TReportFilter,
  type TReportSummary,
} from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { planOfBusiness } from '../access/businesses.service.js';
import { assertFeature, type Plan } from '../plans/plans.service.js';
import { requireStore } from '../product/stores/stores.service.js';
import { answerQuestion, type AnalystAnswer } from './analyst/built-in-analyst.js';
import { parseQuestion, type Intent, type ParsedQuestion } from './analyst/question-parser.js';
import { forecastReport } from './forecast/forecast.service.js';
import { askLanguageModel } from './language-model/language-model.js';
import {
  describeForModel,
  loadReportContext,
  parserContextOf,
  type ReportContext,
  defaultRangeOf,
} from './report-context.js';
import type { ReportsDeps } from './reports.deps.js';
import {
  deleteReportOf,
  findReport,
  insertReport,
  listReportsOf,
  type StoredReport,
} from './reports.repository.js';
import { REPORT_TOOLS, createToolRunner, specsOf } from './tools/analytics-tools.js';
import { searchProductsAt } from './tools/stock-queries.repository.js';
import { FORECAST_TOOL } from './forecast/forecast-tool.js';

/**
 * Reports (issue 14): each call checks its plan feature, reads what the business has by name, then
 * answers with the built-in analyst (or, with AI_BASE_URL, a language model over the same tools),
 * and stores the answer. The reads run in short tenant transactions of their own, so a slow model
 * holds no connection, on the read replica while it is fresh (`deps.reads`); the report is stored
 * in one more, on the primary, where the history, export and shared links read it back.
 */

type Tier = 'ADVANCED' | 'SUPREME';

const TIER_FEATURE: Record<Tier, Feature> = { ADVANCED: 'AI_REPORT', SUPREME: 'ANALYTICS_SUPREME' };

/** The plan's gate and the business's names, in one short transaction. */
async function openReport(
  deps: ReportsDeps,
  principal: Principal,
  feature: Feature,
  filter?: TReportFilter,
): Promise<{ context: ReportContext; plan: Plan }> {
  return deps.reads((db) =>
    inTenant(db, principal, async (scope) => {
      const plan = await planOfBusiness(scope, { lock: false });
      assertFeature(plan, feature);
      return { context: await loadReportContext(scope, deps.clock.now(), filter), plan };
    }),
  );
}

/** The tools' transactions: read-only, so on the replica while it is fresh. */
const withScopeOf =
  (deps: ReportsDeps, principal: Principal) =>
  <T>(work: (scope: TenantScope) => Promise<T>): Promise<T> =>
    deps.reads((db) => inTenant(db, principal, work));

async function store(
  deps: ReportsDeps,
  principal: Principal,
  kind: TReport['kind'],
  question: string,
  answer: AnalystAnswer,
  by: { provider: TReport['provider']; model: string | null },
): Promise<TReport> {
  const stored = await inTenant(deps.db, principal, (scope) =>
    insertReport(scope, {
      id: randomUUID(),
      kind,
      question,
      ...answer,
      ...by,
      createdBy: principal.userId,
      generatedAt: deps.clock.now().toISOString(),
    }),
  );
  return toReport(stored);
}

const toReport = (stored: StoredReport): TReport => ({ ...stored, reportId: stored.id });

const PREDEFINED_INTENTS: Record<TBasicReportQuery['predefinedOption'], Intent> = {
  SALES_SUMMARY: 'SALES_SUMMARY',
  TOP_PRODUCTS: 'TOP_PRODUCTS',
  SLOW_MOVERS: 'SLOW_MOVERS',
  STOCK_VALUE: 'STOCK_VALUE',
  LOW_STOCK: 'LOW_STOCK',
  STORE_COMPARISON: 'STORE_COMPARISON',
};

/** `GET /reports/basic`: a predefined report over the last 30 days (ANALYTICS_BASIC, every plan). */
export async function runBasicReport(
  deps: ReportsDeps,
  principal: Principal,
  query: { predefinedOption: TBasicReportQuery['predefinedOption']; storeId?: string },
): Promise<TReport> {
  const { context } = await openReport(deps, principal, 'ANALYTICS_BASIC', { storeId: query.storeId });
  const range = defaultRangeOf(context.today);
  const parsed: ParsedQuestion = {
    intent: PREDEFINED_INTENTS[query.predefinedOption],
    range,
    rangeLabel: range.label,
    isRangeStated: false,
    store: context.filter.store,
    rankBy: 'units',
    order: 'best',
    days: 'all',
    limit: 10,
    interval: 'daily',
  };
  const run = createToolRunner(REPORT_TOOLS, context, withScopeOf(deps, principal));
  const question = PREDEFINED_REPORT_TITLES[query.predefinedOption];
  const answer = await answerQuestion(parsed, run, question);
  return store(deps, principal, 'BASIC', question, answer, { provider: 'built-in', model: null });
}

/** At most this many questions of one business wait on a language model at once (it costs money). */
const MODEL_QUESTIONS_PER_BUSINESS = 2;
const asking = new Map<string, number>();

async function oneOfFewQuestions<T>(businessId: string, work: () => Promise<T>): Promise<T> {
  const running = asking.get(businessId) ?? 0;
  if (running >= MODEL_QUESTIONS_PER_BUSINESS)
    throw new AppError(
      'RATE_LIMITED',
      'Other questions of your business are being answered. Try again in a moment.',
    );
  asking.set(businessId, running + 1);
  try {
    return await work();
  } finally {
    const left = (asking.get(businessId) ?? 1) - 1;
    if (left === 0) asking.delete(businessId);
    else asking.set(businessId, left);
  }
}

function unknownQuestion(): AppError {
  return new AppError(
    'UNPROCESSABLE',
    'I did not understand that question. Try one of the examples, or name what you want to see: best sellers, ' +
      'sales totals, a comparison of two periods, stores, categories and margins, stock running low or its value.',
    { examples: [...REPORT_EXAMPLE_QUESTIONS] },
  );
}

/**
 * `POST /reports/advanced/ai` (AI_REPORT) and `POST /reports/supreme/ai` (ANALYTICS_SUPREME): a
 * question in plain English. Supreme also answers forecasts ("what will we sell next month"); a
 * forecast asked on a plan without FORECAST is the plan violation that opens "Feature Locked".
 */
export async function askQuestion(
  deps: ReportsDeps,
  principal: Principal,
  input: { question: string; filter?: TReportFilter; signal?: AbortSignal },
  tier: Tier,
): Promise<TReport> {
  const { context, plan } = await openReport(deps, principal, TIER_FEATURE[tier], input.filter);
  const kind = tier;
  const mayForecast = tier === 'SUPREME' && plan.features.includes('FORECAST');
  if (deps.languageModel) {
    const model = deps.languageModel;
    const tools = mayForecast ? [...REPORT_TOOLS, FORECAST_TOOL] : REPORT_TOOLS;
    // One limit for the whole question (each model call has its own, and there may be ten), and
    // the asker leaving ends it too: a slow model holds no slot after nobody waits for it.
    const deadline = AbortSignal.timeout(model.questionTimeoutMs);
    const signal = input.signal ? AbortSignal.any([deadline, input.signal]) : deadline;
    const answer = await oneOfFewQuestions(principal.businessId ?? '', async () => {
      try {
        return await askLanguageModel({
          config: model,
          question: input.question,
          context: describeForModel(context),
          tools: specsOf(tools),
          runTool: createToolRunner(tools, context, withScopeOf(deps, principal)),
          allowedNumbers: [input.question],
          signal,
        });
      } catch (error) {
        if (deadline.aborted)
          throw new AppError(
            'PROVIDER_ERROR',
            'The language model took too long to answer. Try again, or ask a simpler question.',
            undefined,
            {},
            error,
          );
        throw error;
      }
    });
    return store(deps, principal, kind, input.question, answer, {
      provider: 'language-model',
      model: model.model,
    });
  }
  const parsed = parseQuestion(input.question, parserContextOf(context));
  if (!parsed) throw unknownQuestion();
  if (parsed.intent === 'FORECAST') {
    if (!mayForecast) {
      // The plan read with the question's own gate: a plan without FORECAST opens "Feature Locked".
      assertFeature(plan, 'FORECAST');
      if (tier !== 'SUPREME')
        throw new AppError(
          'UNPROCESSABLE',
          'Forecasts are asked on the Supreme analytics page or in the Forecast panel.',
          {
            examples: [...REPORT_EXAMPLE_QUESTIONS],
          },
        );
    }
    const answer = await forecastReport(deps, principal, context, {
      days: parsed.horizon ?? FORECAST_DEFAULT_DAYS,
      storeId: parsed.store?.id,
      productId: context.filter.productId,
    });
    return store(deps, principal, kind, input.question, answer, { provider: 'built-in', model: null });
  }
  const run = createToolRunner(REPORT_TOOLS, context, withScopeOf(deps, principal));
  const answer = await answerQuestion(parsed, run, input.question);
  return store(deps, principal, kind, input.question, answer, { provider: 'built-in', model: null });
}

/** `POST /reports/predict` (FORECAST): the business, a store or a product over the next days. */
export async function predict(
  deps: ReportsDeps,
  principal: Principal,
  days: number,
  filter: TReportFilter = {},
): Promise<TReport> {
  const { context } = await openReport(deps, principal, 'FORECAST', filter);
  const answer = await forecastReport(deps, principal, context, {
    days,
    storeId: context.filter.store?.id,
    productId: context.filter.productId,
  });
  const question = `Forecast of the next ${days} days`;
  return store(deps, principal, 'FORECAST', question, answer, { provider: 'built-in', model: null });
}

/** The signed-in user's reports, newest first. */
export async function listMyReports(
  deps: ReportsDeps,
  principal: Principal,
  page: TPageQuery,
): Promise<TPage<TReportSummary>> {
  return inTenant(deps.db, principal, async (scope) => {
    const { rows, total } = await listReportsOf(scope, principal.userId, page);
    return toPage(
      rows.map((row) => ({ ...row, reportId: row.id })),
      page,
      total,
    );
  });
}

/** One report of the business (a shared link opens it for any analytics reader of the business). */
export async function getReport(deps: ReportsDeps, principal: Principal, id: string): Promise<TReport> {
  return inTenant(deps.db, principal, async (scope) => toReport(await requireReport(scope, id)));
}

export async function requireReport(scope: TenantScope, id: string): Promise<StoredReport> {
  const found = await findReport(scope, id.toLowerCase());
  if (!found) throw new AppError('NOT_FOUND', 'The report was not found.');
  return found;
}

/** Deletes one of the user's own reports (another's, or another business's, is 404). */
export async function deleteReport(deps: ReportsDeps, principal: Principal, id: string): Promise<void> {
  await inTenant(deps.db, principal, async (scope) => {
    if (!(await deleteReportOf(scope, id.toLowerCase(), principal.userId)))
      throw new AppError('NOT_FOUND', 'The report was not found.');
  });
}

/** `GET /reports/products`: a store's products by the start of their name or SKU (forecast picker). */
export async function searchForecastProducts(
  deps: ReportsDeps,
  principal: Principal,
  query: { storeId: string; query: string },
): Promise<Array<{ id: string; name: string; sku: string }>> {
  return deps.reads((db) =>
    inTenant(db, principal, async (scope) => {
      assertFeature(await planOfBusiness(scope, { lock: false }), 'ANALYTICS_BASIC');
      const store = await requireStore(scope, query.storeId);
      return searchProductsAt(scope, store.locationId, query.query, REPORT_PRODUCTS_LIMIT);
    }),
  );
}
