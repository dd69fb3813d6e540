import { screen, within } from '@testing-library/react';
import type { Role } from '@app/contracts';
import type { ReactNode } from 'react';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type Route } from '../../test/render';
import {
  CASHBACK_MEMBER,
  HARBOUR,
  HIGH_STREET,
  MEMBER,
  OAT_MILK,
  REFUND,
  RYE_BREAD,
  SALE,
  pageOf,
  saleProductOf,
  summaryOf,
} from './till.fixtures';
import { TillTab } from './till-tab';

export type { Route } from '../../test/render';

const CATALOGUE = [OAT_MILK, RYE_BREAD];

export const SALES_PATH = '/api/sales';
export const LOOKUP_PATH = '/api/sales/lookup';
export const MEMBER_PATH = '/api/sales/loyalty-member';
export const NO_MEMBER_MESSAGE = 'No loyalty member has this card code, e-mail or phone.';

/** The server's price lookup at High Street: a barcode, else the SKU in any case. */
function lookUp(request: Request): Response {
  const code = new URL(request.url).searchParams.get('code') ?? '';
  const found =
    CATALOGUE.find((product) => product.barcode === code) ??
    CATALOGUE.find((product) => product.sku.toLowerCase() === code.toLowerCase());
  return found
    ? jsonResponse(200, saleProductOf(found))
    : jsonResponse(404, { code: 'NOT_FOUND', message: `No product with the code ${code} at High Street.` });
}

/** The server's member look-up: a card code names her. */
function findMember(request: Request): Response {
  const ref = new URL(request.url).searchParams.get('ref') ?? '';
  const found = [MEMBER, CASHBACK_MEMBER].find((member) => member.cardCode === ref);
  return found
    ? jsonResponse(200, found)
    : jsonResponse(404, { code: 'NOT_FOUND', message: NO_MEMBER_MESSAGE });
}

export const BASE_ROUTES: Route[] = [
  { path: MEMBER_PATH, answer: findMember },
  { path: '/api/stores/business', answer: () => jsonResponse(200, [HIGH_STREET, HARBOUR]) },
  { path: LOOKUP_PATH, answer: lookUp },
  { path: SALES_PATH, answer: () => jsonResponse(200, pageOf([summaryOf(REFUND), summaryOf(SALE)])) },
  { path: `${SALES_PATH}/${SALE.id}`, answer: () => jsonResponse(200, SALE) },
  { method: 'POST', path: SALES_PATH, answer: () => jsonResponse(201, SALE) },
  { method: 'POST', path: `${SALES_PATH}/${SALE.id}/refund`, answer: () => jsonResponse(201, REFUND) },
];

/** The Till tab as the inventory page shows it (a plain header), with the toasts, over a fake server. */
export function renderTill(routes: Route[] = [], options: { roles?: Role[] } = {}) {
  const fake = mockFetch(serveRoutes([...routes, ...BASE_ROUTES]));
  const header = (actions: ReactNode) => (
    <header>
      <h1>Inventory</h1>
      {actions}
    </header>
  );
  const view = renderRoutes(
    [
      {
        path: '/dashboard/inventory',
        element: (
          <>
            <TillTab renderHeader={header} tabs={null} panelProps={{ role: 'tabpanel' }} />
            <AppToastContainer />
          </>
        ),
      },
    ],
    {
      initialEntries: ['/dashboard/inventory?tab=till'],
      session: makeSession({ roles: options.roles ?? ['ROLE_BUSINESS_OWNER'] }),
    },
  );
  return { ...fake, ...view };
}

const SCAN = { name: 'Scan or type a barcode or SKU' };
export const scanField = () => screen.getByRole('textbox', SCAN);
/** The scan field, once the stores have loaded. */
export const findScanField = () => screen.findByRole('textbox', SCAN);

export function basket() {
  return screen.getByRole('table', { name: 'Basket' });
}

/** The basket's row of a product, by its name. */
export function basketRow(name: string) {
  return within(basket()).getByText(name).closest('tr')!;
}

export function quantityOf(name: string) {
  return screen.getByRole('spinbutton', { name: `Quantity of ${name}` });
}

/** The requests sent to a path. */
export function sentTo(requests: Request[], path: string, method = 'GET') {
  return requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
}

export async function bodyOf(request: Request): Promise<unknown> {
  return JSON.parse(await request.clone().text()) as unknown;
}

export const customerRefField = () => screen.getByRole('textbox', { name: 'Customer reference (optional)' });
