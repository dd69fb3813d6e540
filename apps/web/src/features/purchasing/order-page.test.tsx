import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type Role, type TPurchaseOrder } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { fillPath } from '../../api/request-details';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { NO_CREATE_TEXT, OrderPage } from './order-page';
import { COFFEE, DEPOT, FRESH_FARMS, TEA, makeLine, makeOrder, serve } from './purchasing.fixtures';
import { UNIT_COST_ERRORS } from './unit-cost';

const ORDER_ID = '0d000000-0000-4000-8000-000000000012';
const byId = (path: string) => path.replace(':id', ORDER_ID);
const pathOf = (request: Request) => new URL(request.url).pathname;

function setup(handler: FetchHandler, path: string, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(handler);
  const view = renderRoutes(
    [
      {
        path: '/dashboard/purchasing/orders/new',
        element: (
          <>
            <AppToastContainer />
            <OrderPage />
          </>
        ),
      },
      {
        path: '/dashboard/purchasing/orders/:orderId',
        element: (
          <>
            <AppToastContainer />
            <OrderPage />
          </>
        ),
      },
    ],
    { initialEntries: [path], session: makeSession({ roles }) },
  );
  return { ...fake, router: view.router };
}

/** One order the fake server keeps, changed by its calls as the server would. */
function orderServer(initial: TPurchaseOrder, extra: Parameters<typeof serve>[0] = []) {
  let current = initial;
  const handler = serve([
    ...extra,
    { path: byId(API.purchaseOrders.byId), answer: () => jsonResponse(200, current) },
    {
      method: 'POST',
      path: API.purchaseOrders.root,
      answer: () => {
        current = { ...current, status: 'DRAFT', sentAt: null };
        return jsonResponse(201, current);
      },
    },
    {
      method: 'PUT',
      path: byId(API.purchaseOrders.byId),
      answer: () => jsonResponse(200, current),
    },
    {
      method: 'POST',
      path: byId(API.purchaseOrders.send),
      answer: () => {
        current = { ...current, status: 'SENT' };
        return jsonResponse(200, { ...current, mailedTo: current.supplierEmail });
      },
    },
    {
      method: 'POST',
      path: byId(API.purchaseOrders.close),
      answer: () => {
        current = { ...current, status: 'CLOSED', closedAt: '2026-03-05T10:00:00.000Z' };
        return jsonResponse(200, current);
      },
    },
    {
      method: 'POST',
      path: byId(API.purchaseOrders.cancel),
      answer: () => {
        current = { ...current, status: 'CANCELLED', cancelledAt: '2026-03-05T10:00:00.000Z' };
        return jsonResponse(200, current);
      },
    },
  ]);
  return handler;
}

const DRAFT = makeOrder({ status: 'DRAFT', sentAt: null, lines: [makeLine(1, COFFEE, 20, '6.46')] });
const SENT = makeOrder();
const PARTLY = makeOrder({
  status: 'PARTIALLY_RECEIVED',
  lines: [makeLine(1, COFFEE, 20, '6.50', 10, 2), makeLine(2, TEA, 10, '2.00')],
  receipts: [
    {
      receiptId: '7e000000-0000-4000-8000-000000000001',
      receivedAt: '2026-03-04T08:15:00.000Z',
      receivedBy: null,
      lines: [
        {
          lineId: '1e000000-0000-4000-8000-000000000001',
          productId: COFFEE.productId,
          sku: COFFEE.sku,
          productName: COFFEE.productName,
          quantity: 10,
          damaged: 2,
          note: 'Two bags torn',
        },
      ],
    },
  ],
});

async function pickSupplier(name: RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Supplier' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

async function addProduct(typed: string, option: RegExp) {
  await userEvent.type(screen.getByRole('combobox', { name: 'Add a product' }), typed);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe(OrderPage.name, () => {
  describe('a new order', () => {
    it('adds lines by SKU or name with the average cost, keeps a running total and saves a draft', async () => {
      const { requests, router } = setup(orderServer(DRAFT), '/dashboard/purchasing/orders/new');
      expect(await screen.findByRole('heading', { name: 'New purchase order' })).toBeInTheDocument();
      await pickSupplier(/Fresh Farms/);
      expect(screen.getByText('Sending e-mails the order to orders@freshfarms.example')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: /Deliver to/ })).toHaveTextContent('North Depot'),
      );

      await addProduct('COF', /COF-500/);
      const lines = screen.getByRole('table', { name: 'Order lines' });
      // 6.4567 on average: the order takes two decimals.
      expect(within(lines).getByRole('textbox', { name: 'Unit cost of COF-500' })).toHaveValue('6.46');
      const quantity = within(lines).getByRole('textbox', { name: 'Quantity of COF-500' });
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '20');
      await addProduct('black', /TEA-100/);
      // No cost known: 0.00 until one is typed.
      const teaCost = within(lines).getByRole('textbox', { name: 'Unit cost of TEA-100' });
      expect(teaCost).toHaveValue('0.00');
      await userEvent.clear(teaCost);
      await userEvent.type(teaCost, '2.05');
      expect(screen.getByTestId('draft-total')).toHaveTextContent('$131.25');

      await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      expect(await screen.findByText('Draft order saved')).toBeInTheDocument();
      const create = requests.find((request) => request.method === 'POST')!;
      expect(pathOf(create)).toBe(API.purchaseOrders.root);
      expect(create.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await create.json()).toEqual({
        supplierId: FRESH_FARMS.id,
        locationId: DEPOT.id,
        expectedAt: null,
        note: null,
        lines: [
          { productId: COFFEE.productId, quantity: 20, unitCost: '6.46' },
          { productId: TEA.productId, quantity: 1, unitCost: '2.05' },
        ],
      });
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(`/dashboard/purchasing/orders/${ORDER_ID}`),
      );
      // The saved draft replaced the new order's form: focus is on its heading, not the page.
      expect(await screen.findByRole('heading', { name: 'PO-000012' })).toHaveFocus();
      // Much typing through the autocompletes: slow on a shared machine.
    }, 45_000);

    it('says what is missing before sending anything', async () => {
      const { requests } = setup(orderServer(DRAFT), '/dashboard/purchasing/orders/new');
      await screen.findByRole('heading', { name: 'New purchase order' });
      await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      expect(await screen.findByText('Pick the supplier.')).toBeInTheDocument();
      expect(screen.getByText('Add at least one line.')).toBeInTheDocument();
      await pickSupplier(/Fresh Farms/);
      await addProduct('COF', /COF-500/);
      const quantity = screen.getByRole('textbox', { name: 'Quantity of COF-500' });
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '0');
      await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      expect(await screen.findByText('The quantity is at least 1.')).toBeInTheDocument();
      expect(requests.some((request) => request.method !== 'GET')).toBe(false);
    });

    it('tells a role that cannot create orders so', async () => {
      setup(orderServer(DRAFT), '/dashboard/purchasing/orders/new', ['ROLE_INVENTORY_READER']);
      expect(await screen.findByText(NO_CREATE_TEXT)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    });
  });

  describe('a draft', () => {
    it('sends after a confirmation that names the e-mail address, and then shows the order read only', async () => {
      const { requests } = setup(orderServer(DRAFT), `/dashboard/purchasing/orders/${ORDER_ID}`);
      expect(await screen.findByRole('heading', { name: 'PO-000012' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Quantity of COF-500' })).toHaveValue('20');
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      const confirm = await screen.findByRole('dialog', { name: 'Send this order?' });
      expect(confirm).toHaveTextContent('e-mailed to Fresh Farms at orders@freshfarms.example');
      expect(requests.some((request) => request.method === 'POST')).toBe(false);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Send order' }));
      expect(await screen.findByText('Order sent to orders@freshfarms.example')).toBeInTheDocument();
      // Nothing changed since the last save: the draft is sent as it is.
      expect(requests.filter((request) => request.method !== 'GET').map(pathOf)).toEqual([
        byId(API.purchaseOrders.send),
      ]);
      expect(await screen.findByRole('table', { name: 'Order lines' })).toHaveTextContent('Outstanding');
      expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
      // The Send button went with the editor: focus is on the order's heading, not the page.
      await waitFor(() => expect(screen.getByRole('heading', { name: 'PO-000012' })).toHaveFocus());
      expect(screen.getByText('Sent', { selector: '.MuiChip-label' })).toBeInTheDocument();
    });

    it('saves the changes before sending, and says a supplier without e-mail gets the PDF by hand', async () => {
      const noMail = makeOrder({ ...DRAFT, supplierName: 'Bean Co', supplierEmail: null });
      const { requests } = setup(orderServer(noMail), `/dashboard/purchasing/orders/${ORDER_ID}`);
      const quantity = await screen.findByRole('textbox', { name: 'Quantity of COF-500' });
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '24');
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      const confirm = await screen.findByRole('dialog', { name: 'Send this order?' });
      expect(confirm).toHaveTextContent('Bean Co has no e-mail address');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Send order' }));
      await waitFor(() =>
        expect(
          requests.filter((request) => request.method !== 'GET').map((request) => request.method),
        ).toEqual(['PUT', 'POST']),
      );
      const put = requests.find((request) => request.method === 'PUT')!;
      expect((await put.json()) as unknown).toMatchObject({ lines: [{ quantity: 24, unitCost: '6.46' }] });
    });

    it('cancels after a confirmation', async () => {
      const { requests } = setup(orderServer(DRAFT), `/dashboard/purchasing/orders/${ORDER_ID}`);
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
      const confirm = await screen.findByRole('dialog', { name: 'Cancel this order?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
      expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
      expect(requests.some((request) => pathOf(request) === byId(API.purchaseOrders.cancel))).toBe(true);
      await waitFor(() => expect(screen.getByRole('heading', { name: 'PO-000012' })).toHaveFocus());
    });

    it('gives focus back to Save draft once saved, though the browser took it while the button was off', async () => {
      let answer: (response: Response) => void = () => {};
      setup(
        orderServer(DRAFT, [
          {
            method: 'PUT',
            path: byId(API.purchaseOrders.byId),
            answer: () => new Promise<Response>((resolve) => (answer = resolve)),
          },
        ]),
        `/dashboard/purchasing/orders/${ORDER_ID}`,
      );
      const save = await screen.findByRole('button', { name: 'Save draft' });
      save.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled());
      // What Chromium does to a focused control that becomes disabled (jsdom keeps it).
      act(() => save.blur());
      expect(document.activeElement).toBe(document.body);
      answer(jsonResponse(200, DRAFT));
      expect(await screen.findByText('Draft order saved')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save draft' })).toHaveFocus());
    });

    it('shows what the location has on hand of each loaded line', async () => {
      const withTea = makeOrder({
        ...DRAFT,
        lines: [makeLine(1, COFFEE, 20, '6.46'), makeLine(2, TEA, 5, '2.00')],
      });
      const { requests } = setup(
        orderServer(withTea, [
          {
            path: fillPath(API.inventory.byProduct, { id: COFFEE.productId, locationId: DEPOT.id }),
            answer: () => jsonResponse(200, { ...COFFEE, quantity: 7 }),
          },
          {
            path: fillPath(API.inventory.byProduct, { id: TEA.productId, locationId: DEPOT.id }),
            answer: () =>
              jsonResponse(404, {
                code: 'NOT_FOUND',
                message: 'There is no stock record of this product at this location.',
              }),
          },
        ]),
        `/dashboard/purchasing/orders/${ORDER_ID}`,
      );
      const lines = await screen.findByRole('table', { name: 'Order lines' });
      const [, coffee, tea] = within(lines).getAllByRole('row');
      await waitFor(() => expect(within(coffee!).getAllByRole('cell')[2]).toHaveTextContent(/^7$/));
      await waitFor(() => expect(within(tea!).getAllByRole('cell')[2]).toHaveTextContent(/^—$/));
      expect(
        within(tea!).getByTitle('There is no stock record of this product at this location.'),
      ).toBeVisible();
      // The order's location, once per product.
      expect(
        requests.filter((request) => pathOf(request).startsWith('/api/inventory/product/')),
      ).toHaveLength(2);
    });

    it('refuses a unit cost that is not an amount at the field, and sends nothing until it is one', async () => {
      const { requests } = setup(orderServer(DRAFT), `/dashboard/purchasing/orders/${ORDER_ID}`);
      const cost = await screen.findByRole('textbox', { name: 'Unit cost of COF-500' });
      await userEvent.clear(cost);
      await userEvent.type(cost, 'abc');
      await userEvent.tab();
      expect(cost).toHaveAccessibleDescription(UNIT_COST_ERRORS.invalid);
      expect(cost).toHaveAttribute('aria-invalid', 'true');
      // No amount, no total: $0.00 would read as a price.
      expect(screen.getByTestId('draft-total')).toHaveTextContent(/^—$/);

      await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(screen.queryByRole('dialog', { name: 'Send this order?' })).toBeNull();
      expect(cost).toHaveFocus();
      for (const bad of ['-1', '1.234']) {
        await userEvent.clear(cost);
        await userEvent.type(cost, bad);
        expect(cost).toHaveAccessibleDescription(UNIT_COST_ERRORS.invalid);
      }
      expect(requests.some((request) => request.method !== 'GET')).toBe(false);

      await userEvent.clear(cost);
      await userEvent.type(cost, '6.5');
      expect(cost).not.toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByTestId('draft-total')).toHaveTextContent('$130.00');
      await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
      const put = requests.find((request) => request.method === 'PUT')!;
      expect((await put.json()) as unknown).toMatchObject({ lines: [{ quantity: 20, unitCost: '6.50' }] });
    });

    it('shows the server’s refusal of a save in the form', async () => {
      setup(
        orderServer(DRAFT, [
          {
            method: 'PUT',
            path: byId(API.purchaseOrders.byId),
            answer: () =>
              jsonResponse(409, {
                code: 'CONFLICT',
                message: 'Fresh Farms is discontinued: pick another supplier.',
              }),
          },
        ]),
        `/dashboard/purchasing/orders/${ORDER_ID}`,
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
      expect(
        await screen.findByText('Fresh Farms is discontinued: pick another supplier.'),
      ).toBeInTheDocument();
    });
  });

  describe('a sent order', () => {
    it('shows ordered, received, damaged and outstanding per line, and the deliveries', async () => {
      setup(orderServer(PARTLY), `/dashboard/purchasing/orders/${ORDER_ID}`);
      const lines = await screen.findByRole('table', { name: 'Order lines' });
      const rows = within(lines).getAllByRole('row');
      expect(rows[1]).toHaveTextContent(/COF-500.*Ground coffee 500 g.*\$6\.50.*20.*10.*2.*10.*\$130\.00/);
      expect(rows[2]).toHaveTextContent(/TEA-100.*\$2\.00.*10.*0.*0.*10.*\$20\.00/);
      expect(screen.getByText(/Partly received/)).toBeInTheDocument();
      const delivery = screen.getByRole('listitem', { name: 'Delivery 1' });
      expect(delivery).toHaveTextContent('10 units');
      expect(delivery).toHaveTextContent(
        'COF-500 Ground coffee 500 g: 10 arrived, 2 damaged · “Two bags torn”',
      );
      // Something arrived: the order can be closed, no longer cancelled.
      expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    });

    it('closes after a confirmation that the rest will not come', async () => {
      const { requests } = setup(orderServer(PARTLY), `/dashboard/purchasing/orders/${ORDER_ID}`);
      await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
      const confirm = await screen.findByRole('dialog', { name: 'Close this order?' });
      expect(confirm).toHaveTextContent('The rest will not come: the 20 units still outstanding');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Close order' }));
      expect(await screen.findByText('Order closed')).toBeInTheDocument();
      expect(requests.some((request) => pathOf(request) === byId(API.purchaseOrders.close))).toBe(true);
      expect(await screen.findByText('Closed: the rest will not come.')).toBeInTheDocument();
    });

    it('downloads the PDF with the bearer token', async () => {
      const { requests } = setup(
        orderServer(SENT, [
          {
            path: byId(API.purchaseOrders.document),
            answer: () =>
              new Response(new Blob(['%PDF-1.7']), {
                status: 200,
                headers: {
                  'Content-Type': 'application/pdf',
                  'Content-Disposition': 'attachment; filename="PO-000012.pdf"',
                },
              }),
          },
        ]),
        `/dashboard/purchasing/orders/${ORDER_ID}`,
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
      await waitFor(() =>
        expect(requests.some((request) => pathOf(request) === byId(API.purchaseOrders.document))).toBe(true),
      );
      const download = requests.find((request) => pathOf(request) === byId(API.purchaseOrders.document))!;
      expect(download.headers.get('Authorization')).toMatch(/^Bearer /);
    });

    it('leaves a reader the PDF only', async () => {
      setup(orderServer(SENT), `/dashboard/purchasing/orders/${ORDER_ID}`, ['ROLE_INVENTORY_READER']);
      expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
      for (const name of ['Receive delivery', 'Close', 'Cancel order']) {
        expect(screen.queryByRole('button', { name })).toBeNull();
      }
    });

    it('shows a draft read only to a reader', async () => {
      setup(orderServer(DRAFT), `/dashboard/purchasing/orders/${ORDER_ID}`, ['ROLE_INVENTORY_READER']);
      expect(await screen.findByRole('table', { name: 'Order lines' })).toHaveTextContent('COF-500');
      expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
      expect(screen.queryByRole('textbox', { name: 'Quantity of COF-500' })).toBeNull();
    });

    it('lets a store assistant receive, but not close or cancel', async () => {
      setup(orderServer(SENT), `/dashboard/purchasing/orders/${ORDER_ID}`, ['ROLE_STORE_ASSISTANT']);
      expect(await screen.findByRole('button', { name: 'Receive delivery' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    });

    it('shows a store assistant the lines without costs, as the server answers her, and no PDF', async () => {
      const { totalCost: _total, ...summary } = SENT;
      const { totalCost: _sum, receivedCost: _received, damagedCost: _damaged, ...totals } = SENT.totals;
      const withoutCosts: TPurchaseOrder = {
        ...summary,
        totals,
        lines: SENT.lines.map(({ unitCost: _unit, lineCost: _line, ...line }) => line),
      };
      setup(orderServer(withoutCosts), `/dashboard/purchasing/orders/${ORDER_ID}`, ['ROLE_STORE_ASSISTANT']);
      const table = await screen.findByRole('table', { name: 'Order lines' });
      expect(table).toHaveTextContent('COF-500');
      expect(table).not.toHaveTextContent(/Unit cost|Line total|\$/);
      expect(screen.getByRole('button', { name: 'Receive delivery' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    });

    it('answers an unknown order with the server’s message', async () => {
      setup(
        serve([
          {
            path: byId(API.purchaseOrders.byId),
            answer: () => jsonResponse(404, { code: 'NOT_FOUND', message: 'Purchase order not found.' }),
          },
        ]),
        `/dashboard/purchasing/orders/${ORDER_ID}`,
      );
      expect(await screen.findByText('Purchase order not found.')).toBeInTheDocument();
    });
  });
});
