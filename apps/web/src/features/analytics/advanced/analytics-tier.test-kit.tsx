import type { PlanId, Role, TCategory, TStore } from '@app/contracts';
import type { ReactElement } from 'react';
import { jsonResponse, makeSession } from '../../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type FetchHandler, type Route } from '../../../test/render';
import { subscriptionRecord } from '../../../test/subscription-fixtures';

export type { Route } from '../../../test/render';

const NOW = '2026-03-02T09:30:00.000Z';
const LOCATION_ID = '1c000000-0000-4000-8000-000000000001';

export const STORE = {
  id: '5a000000-0000-4000-8000-000000000001',
  storeId: '5a000000-0000-4000-8000-000000000001',
  name: 'High Street',
  locationId: LOCATION_ID,
  location: {
    id: LOCATION_ID,
    locationId: LOCATION_ID,
    name: 'High Street site',
    street: null,
    city: 'Bath',
    state: null,
    zipCode: null,
    country: null,
    latitude: null,
    longitude: null,
    phone: null,
    active: true,
    usedBy: 'STORE',
    createdAt: NOW,
    updatedAt: NOW,
  },
  phone: null,
  email: null,
  openingHours: null,
  imageUrl: null,
  qrCode: 'qr-0001',
  basketWeightEnabled: false,
  active: true,
  createdAt: NOW,
  updatedAt: NOW,
} satisfies TStore;

export const DAIRY = {
  id: '2c000000-0000-4000-8000-000000000001',
  categoryId: '2c000000-0000-4000-8000-000000000001',
  categoryName: 'Dairy',
  description: null,
  locationId: LOCATION_ID,
  location: { id: LOCATION_ID, name: 'High Street site' },
  active: true,
  createdAt: NOW,
  updatedAt: NOW,
} satisfies TCategory;

/** The calls that answer figures (the pickers' `/choices` only names stores and categories). */
export const ANALYTICS_PATH = /^\/api\/sales-analytics\/(?!choices$)/;

/** The server of these tests: the listed answers first, then the plan, stores and categories. */
function serve(routes: Route[], planId: PlanId): FetchHandler {
  const all: Route[] = [
    ...routes,
    { path: '/api/subscriptions/current', answer: () => jsonResponse(200, subscriptionRecord(planId)) },
    {
      path: '/api/sales-analytics/choices',
      answer: () =>
        jsonResponse(200, {
          stores: [{ id: STORE.id, name: STORE.name, locationId: LOCATION_ID, active: true }],
          categories: [
            {
              id: DAIRY.id,
              name: DAIRY.categoryName,
              locationId: LOCATION_ID,
              locationName: DAIRY.location.name,
            },
          ],
        }),
    },
  ];
  return serveRoutes(all);
}

/** A tier's page at its route over a fake server; `store.getState().ui` tells whether 'Feature Locked' opened. */
export function renderTierPage(
  page: ReactElement,
  options: { routes?: Route[]; planId?: PlanId; roles?: Role[] } = {},
) {
  const fake = mockFetch(serve(options.routes ?? [], options.planId ?? 'SUPREME'));
  const view = renderRoutes(
    [
      {
        path: '/dashboard/analytics/tier',
        element: page,
      },
    ],
    {
      initialEntries: ['/dashboard/analytics/tier'],
      session: makeSession({ roles: options.roles ?? ['ROLE_BUSINESS_OWNER'] }),
    },
  );
  return { ...fake, ...view };
}

/** The analytics calls sent, as `METHOD /path`. */
export function analyticsCalls(requests: Request[]): Request[] {
  return requests.filter((request) => ANALYTICS_PATH.test(new URL(request.url).pathname));
}
