import { screen, within } from '@testing-library/react';
import type { Role } from '@app/contracts';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type Route } from '../../test/render';
import { MovementsPanel } from './movements-panel';
import {
  COMPLETED,
  DEPOT,
  HIGH_STREET,
  IN_TRANSIT,
  PENDING,
  RIVERSIDE,
  WEEKS,
  pageOf,
} from './stock-movements.fixtures';

export type { Route } from '../../test/render';

export const BASE_ROUTES: Route[] = [
  { path: '/api/locations/business', answer: () => jsonResponse(200, [DEPOT, HIGH_STREET, RIVERSIDE]) },
  {
    path: '/api/stock-movement/all',
    answer: () => jsonResponse(200, pageOf([PENDING, IN_TRANSIT, COMPLETED])),
  },
  { path: '/api/stock-movement/weekly-movement/business', answer: () => jsonResponse(200, WEEKS) },
];

/** The Movements tab as the inventory page shows it, with its toasts, over a fake server. */
export function renderPanel(routes: Route[] = [], options: { roles?: Role[]; entry?: string } = {}) {
  const fake = mockFetch(serveRoutes([...routes, ...BASE_ROUTES]));
  const view = renderRoutes(
    [
      {
        path: '/dashboard/inventory',
        element: (
          <>
            <MovementsPanel />
            <AppToastContainer />
          </>
        ),
      },
    ],
    {
      initialEntries: [options.entry ?? '/dashboard/inventory?tab=movements'],
      session: makeSession({ roles: options.roles ?? ['ROLE_BUSINESS_OWNER'] }),
    },
  );
  return { ...fake, ...view };
}

export function movementTable() {
  return screen.getByRole('table', { name: 'Stock movements' });
}

/** The row of the movement whose SKU is shown. */
export function rowOf(sku: string) {
  return within(movementTable()).getByText(sku).closest('tr')!;
}

/** The requests sent to a path, with their query. */
export function sentTo(requests: Request[], path: string, method = 'GET') {
  return requests
    .filter((request) => request.method === method && new URL(request.url).pathname === path)
    .map((request) => ({ request, query: new URL(request.url).searchParams }));
}
