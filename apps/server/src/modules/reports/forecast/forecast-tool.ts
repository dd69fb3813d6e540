import { FORECAST_MAX_DAYS, FORECAST_MIN_DAYS, type TReportTable } from '@app/contracts';
import { z } from 'zod';
import { readTrend } from '../../sales/analytics/report-reads.service.js';
import { addDays } from '../analyst/time-phrases.js';
import { columns, money } from '../report-format.js';
import type { AnalyticsTool } from '../tools/analytics-tool.js';
import { findProductsToForecast, readDailyUnits } from '../tools/stock-queries.repository.js';
import { storeOf, ToolRefusal, ZId } from '../tools/tool-context.js';
import { demandOf, filled, fromFirstSale } from './daily-series.js';
import { forecastDaily, suggestedOrderQuantity, type DailyForecast } from './forecasting.js';

/**
 * The forecast (issue 14): daily demand over the next days from the last 26 weeks of history, by
 * the model that did best on the last 4 weeks (forecasting.ts). For the business or a store it
 * forecasts money per day and the units of its best-selling products; for one product, its units.
 * Each product's forecast demand gives a suggested order: enough to cover the period and stay at
 * the reorder point.
 */

/** Days of history read: 26 weeks, enough for Holt-Winters and a 4-week back-test. */
export const HISTORY_DAYS = 182;
/** The products a store's forecast suggests orders for. */
export const REORDER_PRODUCTS = 20;
/** They are the best sellers of the last 4 weeks: what sells now is what runs out next. */
const RECENT_DAYS = 28;
/** Days of history drawn on the chart before the forecast. */
const CHART_HISTORY_DAYS = 56;

const forecastArgs = z
  .object({
    days: z
      .number()
      .int()
      .min(FORECAST_MIN_DAYS)
      .max(FORECAST_MAX_DAYS)
      .describe('Days to forecast, from today'),
    storeId: ZId.optional().describe('Only this store (an id from the list of stores)'),
    productId: ZId.optional().describe('Forecast this product (a product id) instead of the whole store'),
  })
  .strict();

const MODEL_NAMES: Record<DailyForecast['model'], string> = {
  'holt-winters': 'Holt-Winters with weekly seasonality',
  holt: 'Holt linear trend',
  'simple-exponential-smoothing': 'Simple exponential smoothing',
  'seasonal-naive': 'Same weekday last week',
  mean: 'Average of the history',
};

/**
 * The sum over the horizon and its range: the days' 80% ranges added up. Days' errors move
 * together (a slow month is slow every day), so adding the ranges as if they were independent
 * would promise a band far narrower than the back-test supports.
 */
function totalOf(forecast: DailyForecast): { value: number; low: number; high: number } {
  const sum = (pick: (point: DailyForecast['points'][number]) => number) =>
    forecast.points.reduce((total, point) => total + pick(point), 0);
  return {
    value: sum((point) => point.value),
    low: sum((point) => point.low),
    high: sum((point) => point.high),
  };
}

const round = (value: number, isMoney: boolean) => (isMoney ? Number(value.toFixed(2)) : Math.round(value));

export const FORECAST_TOOL: AnalyticsTool<typeof forecastArgs> = {
  name: 'forecast_demand',
  description:
    'Forecast of the next days: money per day of the business or a store (with the units of its best sellers and ' +
    'suggested orders), or units per day of one product, with an 80% interval and the back-test error (MAPE).',
  parameters: forecastArgs,
  async run(context, args) {
    const store = storeOf(context, args.storeId);
    const history = { from: addDays(context.today, -HISTORY_DAYS), to: addDays(context.today, -1) };
    const products = await findProductsToForecast(context.scope, {
      from: addDays(context.today, -RECENT_DAYS),
      to: history.to,
      locationId: store?.locationId,
      productIds: args.productId ? [args.productId.toLowerCase()] : undefined,
      limit: REORDER_PRODUCTS,
    });
    if (args.productId && products.length === 0)
      throw new ToolRefusal(`No product of this business has the id ${args.productId}.`);
    const daily = await readDailyUnits(
      context.scope,
      products.map((product) => ({ productId: product.productId, locationId: product.locationId })),
      history,
    );
    const byProduct = new Map<string, Map<string, number>>();
    for (const row of daily) {
      const days = byProduct.get(row.productId) ?? new Map<string, number>();
      days.set(row.day, demandOf(Number(row.units)));
      byProduct.set(row.productId, days);
    }
    const reorders = products.map((product) => {
      const forecast = forecastDaily(
        fromFirstSale(filled(history.from, history.to, byProduct.get(product.productId) ?? new Map())),
        args.days,
      );
      const demand = Math.round(totalOf(forecast).value);
      return {
        product,
        forecast,
        demand,
        order: suggestedOrderQuantity({
          onHand: product.quantity,
          reorderPoint: product.reorderPoint ?? 0,
          demand,
        }),
      };
    });

    // One product: its units (its forecast is the reorder row's). Else the money of the business or store.
    const [single] = args.productId ? reorders : [];
    const series = single
      ? filled(history.from, history.to, byProduct.get(single.product.productId) ?? new Map())
      : (await readTrend(context.scope, history, { storeId: store?.id, interval: 'daily' })).map((point) =>
          demandOf(point.value),
        );
    const subject = single ? single.product.productName : store ? store.name : 'All stores';
    const forecast = single ? single.forecast : forecastDaily(fromFirstSale(series), args.days);
    const isMoney = !single;
    const total = totalOf(forecast);
    const firstDay = context.today;
    const days = forecast.points.map((point, index) => ({ day: addDays(firstDay, index), ...point }));
    const label = isMoney ? 'Sales' : 'Units';
    const tables: TReportTable[] = [
      {
        title: `Forecast for ${subject}, next ${args.days} days`,
        columns: columns(
          ['subject', 'Forecast of', 'text'],
          ['total', isMoney ? 'Expected sales' : 'Expected units', isMoney ? 'money' : 'integer'],
          ['low', 'Low (80%)', isMoney ? 'money' : 'integer'],
          ['high', 'High (80%)', isMoney ? 'money' : 'integer'],
          [
            'history',
            isMoney ? `Sales, last ${args.days} days` : `Units, last ${args.days} days`,
            isMoney ? 'money' : 'integer',
          ],
          ['model', 'Model', 'text'],
          ['mape', 'Back-test error (MAPE) %', 'percent'],
        ),
        rows: [
          [
            subject,
            isMoney ? money(total.value) : Math.round(total.value),
            isMoney ? money(total.low) : Math.round(total.low),
            isMoney ? money(total.high) : Math.round(total.high),
            isMoney ? money(sumLast(series, args.days)) : Math.round(sumLast(series, args.days)),
            MODEL_NAMES[forecast.model],
            forecast.mape === null ? null : forecast.mape.toFixed(1),
          ],
        ],
      },
      {
        title: 'Suggested orders',
        columns: columns(
          ['product', 'Product', 'text'],
          ['sku', 'SKU', 'text'],
          ['location', 'Location', 'text'],
          ['onHand', 'On hand', 'integer'],
          ['reorderPoint', 'Reorder point', 'integer'],
          ['demand', `Forecast, next ${args.days} days`, 'integer'],
          ['order', 'Suggested order', 'integer'],
        ),
        rows: reorders
          .filter((row) => args.productId !== undefined || row.order > 0)
          .map((row) => [
            row.product.productName,
            row.product.sku,
            row.product.locationName,
            row.product.quantity,
            row.product.reorderPoint,
            row.demand,
            row.order,
          ]),
      },
      {
        title: `${label} per day, forecast`,
        columns: columns(
          ['day', 'Day', 'date'],
          ['forecast', 'Forecast', isMoney ? 'money' : 'number'],
          ['low', 'Low (80%)', isMoney ? 'money' : 'number'],
          ['high', 'High (80%)', isMoney ? 'money' : 'number'],
        ),
        rows: days.map((day) =>
          isMoney
            ? [day.day, money(day.value), money(day.low), money(day.high)]
            : [day.day, round(day.value, false), round(day.low, false), round(day.high, false)],
        ),
      },
    ];
    const shown = Math.min(CHART_HISTORY_DAYS, series.length);
    const historyPoints = series.slice(-shown).map((value, index) => ({
      x: addDays(history.to, index - shown + 1),
      y: round(value, isMoney),
    }));
    return {
      tables,
      charts: [
        {
          type: 'forecast',
          title: `${label} per day: the last ${shown} days and the next ${args.days}`,
          unit: isMoney ? 'money' : 'units',
          series: [
            { name: 'History', points: historyPoints },
            {
              name: 'Forecast',
              points: days.map((day) => ({
                x: day.day,
                y: round(day.value, isMoney),
                low: round(day.low, isMoney),
                high: round(day.high, isMoney),
              })),
            },
          ],
        },
      ],
    };
  },
};

function sumLast(series: readonly number[], days: number): number {
  return series.slice(-days).reduce((sum, value) => sum + value, 0);
}
