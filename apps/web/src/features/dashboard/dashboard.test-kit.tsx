import type {
  Role,
  TAuditEntry,
  TLocation,
  TSaleSummary,
  TSalesTotals,
  TSetupProgress,
  TStockMovement,
  TStockRow,
  TStockValue,
  TSubscription,
  TTrendRow,
  TWeekSalesTotals,
} from '@app/contracts';
import { BUSINESS_ID, jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { subscriptionRecord } from '../../test/subscription-fixtures';
import { DashboardPage } from './dashboard-page';

export type Answer = (request: Request) => Response | Promise<Response>;

export const NOTHING_DONE: TSetupProgress = {
  hasLocation: false,
  hasStore: false,
  hasProducts: false,
  hasStaff: false,
};

export function pageOf<T>(content: T[], totalElements = content.length) {
  return { content, page: 0, size: 5, totalElements, totalPages: Math.ceil(totalElements / 5) };
}

const totals = (totalSales: string, transactions: number, unitsSold: number): TSalesTotals => ({
  totalSales,
  transactions,
  unitsSold,
  averageBasket: transactions ? (Number(totalSales) / transactions).toFixed(2) : '0.00',
  cost: '0.00',
  margin: totalSales,
  marginPercent: Number(totalSales) === 0 ? null : 100,
});

export const TODAY = totals('1234.50', 12, 30);
export const WEEK: TWeekSalesTotals = {
  weekStart: '2026-11-23',
  thisWeek: totals('3000.00', 40, 90),
  lastWeek: totals('4000.00', 50, 120),
};
export const NO_WEEK: TWeekSalesTotals = {
  weekStart: '2026-11-23',
  thisWeek: totals('0.00', 0, 0),
  lastWeek: totals('0.00', 0, 0),
};

/** Fourteen days of sales, the last (today) the best. */
export const SALES_DAYS_ROWS: TTrendRow[] = Array.from({ length: 14 }, (_, index) => ({
  period: `2026-11-${String(13 + index).padStart(2, '0')}`,
  totalSales: index === 13 ? '987.00' : `${100 + index}.00`,
  cost: '0.00',
  margin: index === 13 ? '987.00' : `${100 + index}.00`,
  marginPercent: 100,
}));

const HIGH_STREET = { id: '1c000000-0000-7000-8000-000000000001', name: 'High Street' } as TLocation;
const DEPOT = { id: '1c000000-0000-7000-8000-000000000002', name: 'Depot' } as TLocation;

export function stockRow(productName: string, quantity: number, reorderPoint: number, id: string): TStockRow {
  return {
    id,
    inventoryId: id,
    productName,
    quantity,
    reorderPoint,
    sku: `SKU-${id.slice(-3)}`,
    isLowStock: true,
  } as TStockRow;
}

export const OAT_MILK_LOW = stockRow('Oat milk 1 l', 2, 10, '1d000000-0000-7000-8000-000000000001');
export const RYE_LOW = stockRow('Rye bread', 1, 20, '1d000000-0000-7000-8000-000000000002');

export const MOVEMENT = {
  id: '1e000000-0000-7000-8000-000000000001',
  productName: 'Oat milk 1 l',
  sourceLocationName: 'Depot',
  destinationLocationName: 'High Street',
  quantity: 24,
  status: 'PENDING',
  createdAt: '2026-11-26T08:00:00.000Z',
} as TStockMovement;

export const AUDIT_ENTRY: TAuditEntry = {
  id: '1f000000-0000-7000-8000-000000000001',
  userId: null,
  userEmail: 'ada@example.com',
  eventType: 'PRODUCT_CREATION',
  description: 'Created product Oat milk 1 l',
  timestamp: '2026-11-26T09:00:00.000Z',
};

export const SALE_SUMMARY = {
  id: '20000000-0000-7000-8000-000000000001',
  kind: 'SALE',
  storeName: 'High Street',
  soldAt: '2026-11-26T09:12:00.000Z',
  total: '7.10',
  unitsSold: 3,
} as TSaleSummary;

export const STOCK_VALUE: TStockValue = {
  locations: [
    {
      locationId: HIGH_STREET.id,
      locationName: 'High Street',
      usedBy: 'STORE',
      items: 40,
      units: 512,
      value: '2048.75',
      retailValue: '3900.00',
      uncostedItems: 2,
    },
    {
      locationId: DEPOT.id,
      locationName: 'Depot',
      usedBy: 'WAREHOUSE',
      items: 10,
      units: 1,
      value: '12.00',
      retailValue: '20.00',
      uncostedItems: 0,
    },
  ],
  total: { items: 50, units: 513, value: '2060.75', retailValue: '3920.00', uncostedItems: 2 },
};

/** The answers of a business with a little of everything; a test overrides what it checks. */
export function defaultAnswers(): Record<string, Answer> {
  return {
    [`/api/businesses/${BUSINESS_ID}/setup-progress`]: () => jsonResponse(200, NOTHING_DONE),
    [`/api/businesses/${BUSINESS_ID}`]: () =>
      jsonResponse(200, { id: BUSINESS_ID, timeZone: 'Europe/London', currency: 'USD' }),
    '/api/subscriptions/current': () => jsonResponse(200, subscriptionRecord('BASIC')),
    '/api/sales-analytics/total/business': () => jsonResponse(200, TODAY),
    '/api/sales-analytics/total/week/business': () => jsonResponse(200, WEEK),
    '/api/sales-analytics/trends/business': () => jsonResponse(200, SALES_DAYS_ROWS),
    '/api/locations/business': () => jsonResponse(200, [HIGH_STREET, DEPOT]),
    [`/api/inventory/page/location/${HIGH_STREET.id}`]: () => jsonResponse(200, pageOf([OAT_MILK_LOW], 6)),
    [`/api/inventory/page/location/${DEPOT.id}`]: () => jsonResponse(200, pageOf([RYE_LOW], 1)),
    '/api/stock-movement/all': (request) =>
      new URL(request.url).searchParams.get('status') === 'PENDING'
        ? jsonResponse(200, pageOf([MOVEMENT], 2))
        : jsonResponse(200, pageOf([], 0)),
    '/api/audit': () => jsonResponse(200, pageOf([AUDIT_ENTRY])),
    '/api/sales': () => jsonResponse(200, pageOf([SALE_SUMMARY])),
    '/api/inventory/value': () => jsonResponse(200, STOCK_VALUE),
  };
}

export const FREE_PLAN = (): Response => jsonResponse(404, { code: 'NOT_FOUND', message: 'None' });
export const planAnswer = (subscription: TSubscription) => () => jsonResponse(200, subscription);

/** The home over a fake server: the default answers, with `answers` in their place. */
export function renderDashboard(options: { roles?: Role[]; answers?: Record<string, Answer> } = {}) {
  const answers = { ...defaultAnswers(), ...options.answers };
  const handler: FetchHandler = (request) => {
    const answer = answers[new URL(request.url).pathname];
    return answer ? answer(request) : new Response(null, { status: 404 });
  };
  const fake = mockFetch(handler);
  const view = renderRoutes(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/dashboard/*', element: <p>Another screen</p> },
    ],
    {
      initialEntries: ['/dashboard'],
      session: makeSession({ roles: options.roles ?? ['ROLE_BUSINESS_OWNER'] }),
    },
  );
  const paths = () => fake.requests.map((request) => new URL(request.url).pathname);
  return { ...fake, ...view, paths };
}
