import type { PlanId, Role, TReport, TReportSummary } from '@app/contracts';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { BUSINESS_ID, jsonResponse } from '../../../test/fixtures';
import { renderAnalytics, type Route } from '../analytics.test-kit';

export type { Route } from '../analytics.test-kit';

/**
 * The fake server and the reports of the reports screens' tests. Amounts are in pounds (the
 * business answers GBP), so money reads "£1,234.50".
 */

export const REPORT_ID = '0193a0c4-7d2e-7b3a-9c1e-5f6a7b8c9d0e';
export const FORECAST_ID = '0193a0c4-7d2e-7b3a-9c1e-5f6a7b8c9d0f';
const GENERATED_AT = '2026-11-27T09:15:00.000Z';

export const BEST_SELLERS: TReport = {
  id: REPORT_ID,
  reportId: REPORT_ID,
  kind: 'ADVANCED',
  title: 'Best sellers, last month',
  question: 'best sellers last month',
  summary: 'Oat milk led with £1,234.50.\nRye bread came second.',
  tables: [
    {
      title: 'Best sellers, October 2026',
      columns: [
        { key: 'rank', label: 'Rank', type: 'integer' },
        { key: 'product', label: 'Product', type: 'text' },
        { key: 'units', label: 'Units sold', type: 'integer' },
        { key: 'revenue', label: 'Revenue', type: 'money' },
        { key: 'share', label: 'Share of revenue', type: 'percent' },
      ],
      rows: [
        [1, 'Oat milk', 1240, '1234.50', '61.3'],
        [2, 'Rye bread', 310, '780.00', '38.7'],
      ],
      note: 'All stores; refunds deducted.',
    },
    {
      title: 'Refunds',
      columns: [
        { key: 'product', label: 'Product', type: 'text' },
        { key: 'amount', label: 'Amount', type: 'money' },
      ],
      rows: [],
    },
  ],
  charts: [
    {
      type: 'bar',
      title: 'Revenue by product',
      unit: 'money',
      series: [
        {
          name: 'Revenue',
          points: [
            { x: 'Oat milk', y: 1234.5 },
            { x: 'Rye bread', y: 780 },
          ],
        },
      ],
    },
  ],
  followUps: ['Which products are running out?', 'Margin by category last 30 days'],
  generatedAt: GENERATED_AT,
  provider: 'built-in',
  model: null,
  createdBy: null,
};

export const FORECAST: TReport = {
  id: FORECAST_ID,
  reportId: FORECAST_ID,
  kind: 'FORECAST',
  title: 'Forecast for High Street, next 7 days',
  question: 'Forecast of the next 7 days',
  summary: 'Sales for High Street over the next 7 days are forecast at about 700.00.',
  tables: [
    {
      title: 'Forecast for High Street, next 7 days',
      columns: [
        { key: 'subject', label: 'Forecast of', type: 'text' },
        { key: 'total', label: 'Expected sales', type: 'money' },
        { key: 'low', label: 'Low (80%)', type: 'money' },
        { key: 'high', label: 'High (80%)', type: 'money' },
        { key: 'history', label: 'Sales, last 7 days', type: 'money' },
        { key: 'model', label: 'Model', type: 'text' },
        { key: 'mape', label: 'Back-test error (MAPE) %', type: 'percent' },
      ],
      rows: [
        [
          'High Street',
          '700.00',
          '610.00',
          '790.00',
          '680.00',
          'Holt-Winters with weekly seasonality',
          '8.4',
        ],
      ],
    },
    {
      title: 'Suggested orders',
      columns: [
        { key: 'product', label: 'Product', type: 'text' },
        { key: 'sku', label: 'SKU', type: 'text' },
        { key: 'location', label: 'Location', type: 'text' },
        { key: 'onHand', label: 'On hand', type: 'integer' },
        { key: 'reorderPoint', label: 'Reorder point', type: 'integer' },
        { key: 'demand', label: 'Forecast units, 7 days', type: 'integer' },
        { key: 'order', label: 'Suggested order', type: 'integer' },
      ],
      rows: [['Oat milk', 'OAT-1', 'High Street site', 4, 10, 1500, 1506]],
    },
    {
      title: 'Sales per day, forecast',
      columns: [
        { key: 'day', label: 'Day', type: 'date' },
        { key: 'forecast', label: 'Forecast', type: 'money' },
        { key: 'low', label: 'Low (80%)', type: 'money' },
        { key: 'high', label: 'High (80%)', type: 'money' },
      ],
      rows: [['2026-11-28', '100.00', '80.00', '120.00']],
    },
  ],
  charts: [
    {
      type: 'forecast',
      title: 'Sales per day: the last 3 days and the next 2',
      unit: 'money',
      series: [
        {
          name: 'History',
          points: [
            { x: '2026-11-25', y: 90 },
            { x: '2026-11-26', y: 110 },
            { x: '2026-11-27', y: 95 },
          ],
        },
        {
          name: 'Forecast',
          points: [
            { x: '2026-11-28', y: 100, low: 80, high: 120 },
            { x: '2026-11-29', y: 104, low: 78, high: 130 },
          ],
        },
      ],
    },
  ],
  followUps: ['Which products are running out?'],
  generatedAt: GENERATED_AT,
  provider: 'built-in',
  model: null,
  createdBy: null,
};

export function summaryOf(report: TReport): TReportSummary {
  const { id, reportId, kind, title, question, generatedAt, provider } = report;
  return { id, reportId, kind, title, question, generatedAt, provider };
}

export function page<T>(content: T[], totalElements = content.length, pageNo = 0, size = 10) {
  return {
    content,
    page: pageNo,
    size,
    totalElements,
    totalPages: Math.ceil(totalElements / size),
  };
}

export const BUSINESS_ROUTE: Route = {
  path: `/api/businesses/${BUSINESS_ID}`,
  answer: () => jsonResponse(200, { id: BUSINESS_ID, currency: 'GBP' }),
};

/** A plan violation as the server answers it (the header makes base-api open 'Feature Locked'). */
export function planRefusal(message = 'Export is part of the Advanced plan and above.'): Response {
  return jsonResponse(403, { code: 'PLAN_VIOLATION', message }, { 'X-Plan-Violation': '1' });
}

/** A component or page over the fake server, with 'Feature Locked' mounted beside it. */
export function renderReports(
  element: ReactElement,
  routes: Route[],
  options: { planId?: PlanId; roles?: Role[] } = {},
) {
  return renderAnalytics(element, '/dashboard/analytics/reports', [BUSINESS_ROUTE, ...routes], options);
}

/** The JSON bodies sent to a path. */
export function bodiesSentTo(requests: Request[], path: string): Promise<unknown[]> {
  return Promise.all(
    requests
      .filter((request) => new URL(request.url).pathname === path)
      .map(async (request) => JSON.parse((await request.clone().text()) || 'null') as unknown),
  );
}

/** Catches the files saved through a temporary link: their names and contents. */
export function catchDownloads() {
  const names: string[] = [];
  const blobs: Blob[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        blobs.push(blob);
        return 'blob:report';
      }
      static override revokeObjectURL() {}
    },
  );
  return { names, blobs };
}
