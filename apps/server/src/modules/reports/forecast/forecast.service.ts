import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { AnalystAnswer } from '../analyst/built-in-analyst.js';
import type { ReportContext } from '../report-context.js';
import { moneyText, unitsCount } from '../report-format.js';
import { unsupportedNumbers } from '../report-numbers.js';
import type { ReportsDeps } from '../reports.deps.js';
import { createToolRunner } from '../tools/analytics-tools.js';
import { FORECAST_TOOL } from './forecast-tool.js';

/**
 * A forecast as a report: the forecast tool's tables and chart, and a summary written from its
 * cells (the expected total and its band, the last period for comparison, the model and its
 * back-test error, what to order).
 */
export async function forecastReport(
  deps: ReportsDeps,
  principal: Principal,
  context: Omit<ReportContext, 'filter'>,
  request: { days: number; storeId?: string; productId?: string },
): Promise<AnalystAnswer> {
  // Read-only: on the read replica while it is fresh.
  const run = createToolRunner([FORECAST_TOOL], context, (work) =>
    deps.reads((db) => inTenant(db, principal, work)),
  );
  const outcome = await run(FORECAST_TOOL.name, {
    days: request.days,
    ...(request.storeId ? { storeId: request.storeId } : {}),
    ...(request.productId ? { productId: request.productId } : {}),
  });
  if (!outcome.ok) throw new AppError('NOT_FOUND', outcome.error);
  const [headline, orders] = outcome.tables;
  const row = headline?.rows[0] ?? [];
  const isMoney = headline?.columns[1]?.type === 'money';
  const amount = (cell: unknown) => (isMoney ? moneyText(String(cell)) : unitsCount(Number(cell)));
  const subject = String(row[0] ?? '');
  const hasHistory = Number(row[4]) !== 0 || Number(row[1]) !== 0;
  let summary =
    `${isMoney ? 'Sales' : 'Demand'} for ${subject} over the next ${request.days} days are forecast at about ` +
    `${amount(row[1])} (the days' 80% ranges add up to ${amount(row[2])} to ${amount(row[3])}), against ${amount(row[4])} in the ` +
    `last ${request.days} days. Model: ${String(row[5])}` +
    (row[6] === null || row[6] === undefined ? '.' : `, back-test error ${String(row[6])}%.`);
  // Nothing sold in the half year read: a forecast of zeros by "the average" would only puzzle.
  if (!hasHistory) summary = `There are no sales of ${subject} in the last half year to forecast from.`;
  const orderRows = (orders?.rows ?? []).filter((order) => Number(order[6]) > 0);
  const [first] = orderRows;
  if (first)
    summary +=
      ` ${orderRows.length === 1 ? 'One product needs' : `${orderRows.length} products need`} ordering to cover the ` +
      `period; the most is ${String(first[0])}: ${unitsCount(Number(first[6]))}.`;
  else if (orders && orders.rows.length > 0) summary += ' The stock on hand covers the forecast.';
  const invented = unsupportedNumbers(summary, outcome.tables, [String(request.days)]);
  if (invented.length > 0)
    throw new Error(`the forecast stated numbers that are not in its tables: ${invented.join(', ')}`);
  return {
    title: `Forecast for ${subject}, next ${request.days} days`,
    summary,
    tables: outcome.tables,
    charts: outcome.charts,
    followUps: [
      'Which products are running out?',
      'Best sellers last 30 days',
      'Sales this week vs last week',
    ],
  };
}
