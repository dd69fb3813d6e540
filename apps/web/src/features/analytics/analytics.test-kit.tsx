import type {
  PlanId,
  Role,
  TSalesRow,
  TSalesTotals,
  TStoreSalesRow,
  TTrendRow,
  TWeekSalesTotals,
} from '@app/contracts';
import type { ReactElement } from 'react';
import { UpgradeDialogHost } from '../../app/upgrade-dialog-host';
import { toCents } from '../../lib/money';
import { BUSINESS_ID, jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type Route } from '../../test/render';
import { subscriptionRecord } from '../../test/subscription-fixtures';

export type { Route } from '../../test/render';

/**
 * The fake server of the analytics screens' tests: answers by path (first match wins), anything
 * else 404. Only the fields a screen reads are in the bodies.
 */
export const HIGH_STREET = { id: '5a000000-0000-4000-8000-000000000001', name: 'High Street' };
export const HARBOUR = { id: '5a000000-0000-4000-8000-000000000002', name: 'Harbour' };

export const TOTALS: TSalesTotals = {
  totalSales: '1234.50',
  transactions: 87,
  unitsSold: 240,
  averageBasket: '14.19',
  cost: '778.50',
  margin: '456.00',
  marginPercent: 36.9,
};
export const NO_TOTALS: TSalesTotals = {
  totalSales: '0.00',
  transactions: 0,
  unitsSold: 0,
  averageBasket: '0.00',
  cost: '0.00',
  margin: '0.00',
  marginPercent: null,
};

/** A product's row; the margin and its percent follow from the money and the cost, as the server rounds them. */
export function salesRow(
  productName: string,
  quantity: number,
  totalPrice: string,
  cost = '0.00',
): TSalesRow {
  const marginCents = toCents(totalPrice) - toCents(cost);
  const totalCents = toCents(totalPrice);
  return {
    productName,
    sku: `SKU-${productName.slice(0, 3).toUpperCase()}`,
    barcode: null,
    quantity,
    totalPrice,
    cost,
    margin: (marginCents / 100).toFixed(2),
    marginPercent: totalCents === 0 ? null : Math.round((marginCents / totalCents) * 1000) / 10,
  };
}

export const TOP = [
  salesRow('Oat milk', 120, '222.00', '150.00'),
  salesRow('Rye bread', 40, '136.00'),
  // Given away: nothing taken, so no percent.
  salesRow('Tote bag', 2, '0.00', '3.00'),
];
/** Sold below cost: a negative margin. */
export const LEAST = [salesRow('Sea salt crisps', 3, '3.60', '4.20')];
export const TREND: TTrendRow[] = [
  { period: '2026-11-24', totalSales: '100.00', cost: '0.00', margin: '100.00', marginPercent: 100 },
  { period: '2026-11-25', totalSales: '250.50', cost: '0.00', margin: '250.50', marginPercent: 100 },
];
export const WEEK: TWeekSalesTotals = {
  weekStart: '2026-11-23',
  thisWeek: {
    totalSales: '300.00',
    transactions: 20,
    unitsSold: 50,
    averageBasket: '15.00',
    cost: '0.00',
    margin: '300.00',
    marginPercent: 100,
  },
  lastWeek: {
    totalSales: '200.00',
    transactions: 16,
    unitsSold: 44,
    averageBasket: '12.50',
    cost: '0.00',
    margin: '200.00',
    marginPercent: 100,
  },
};
export const STORES_TOP: TStoreSalesRow[] = [
  {
    storeId: HIGH_STREET.id,
    storeName: HIGH_STREET.name,
    totalSales: '800.00',
    transactions: 50,
    cost: '0.00',
    margin: '800.00',
    marginPercent: 100,
  },
  {
    storeId: HARBOUR.id,
    storeName: HARBOUR.name,
    totalSales: '434.50',
    transactions: 37,
    cost: '0.00',
    margin: '434.50',
    marginPercent: 100,
  },
];

const A = '/api/sales-analytics';

/** A business with sales in the range, in pounds. */
export const WITH_SALES: Route[] = [
  {
    path: `/api/businesses/${BUSINESS_ID}`,
    answer: () => jsonResponse(200, { id: BUSINESS_ID, currency: 'GBP' }),
  },
  {
    path: '/api/sales-analytics/choices',
    answer: () =>
      jsonResponse(200, {
        stores: [HIGH_STREET, HARBOUR].map((store, n) => ({
          ...store,
          locationId: `10000000-0000-4000-8000-00000000000${n + 1}`,
          active: true,
        })),
        categories: [],
      }),
  },
  { path: /^\/api\/sales-analytics\/total(\/business)?$/, answer: () => jsonResponse(200, TOTALS) },
  { path: /^\/api\/sales-analytics\/top(-quantity)?(\/business)?$/, answer: () => jsonResponse(200, TOP) },
  {
    path: /^\/api\/sales-analytics\/least(-quantity)?(\/business)?$/,
    answer: () => jsonResponse(200, LEAST),
  },
  { path: /^\/api\/sales-analytics\/trends(\/business)?$/, answer: () => jsonResponse(200, TREND) },
  { path: /^\/api\/sales-analytics\/total\/week(\/business)?$/, answer: () => jsonResponse(200, WEEK) },
  { path: `${A}/stores/top`, answer: () => jsonResponse(200, STORES_TOP) },
];

/** A screen at its route, with the 'Feature Locked' dialog of the shell, over a fake server. */
export function renderAnalytics(
  element: ReactElement,
  path: string,
  routes: Route[],
  options: { roles?: Role[]; planId?: PlanId } = {},
) {
  const fake = mockFetch(
    serveRoutes([
      {
        path: '/api/subscriptions/current',
        answer: () => jsonResponse(200, subscriptionRecord(options.planId ?? 'BASIC')),
      },
      ...routes,
    ]),
  );
  const view = renderRoutes(
    [
      {
        path,
        element: (
          <>
            {element}
            <UpgradeDialogHost />
          </>
        ),
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path], session: makeSession({ roles: options.roles ?? ['ROLE_BUSINESS_OWNER'] }) },
  );
  return { ...fake, ...view };
}

/** The requests sent to a path, with their query parameters. */
export function sentTo(requests: Request[], path: string) {
  return requests
    .filter((request) => new URL(request.url).pathname === path)
    .map((request) => Object.fromEntries(new URL(request.url).searchParams));
}

export function planViolation(): Response {
  return jsonResponse(
    403,
    { code: 'PLAN_VIOLATION', message: 'Basic analytics is not part of your plan.' },
    { 'X-Plan-Violation': '1' },
  );
}
