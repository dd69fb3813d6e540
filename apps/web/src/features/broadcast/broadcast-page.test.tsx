import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TAlert, TAlertRequest, TAnalyticsChoices } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type Route } from '../../test/render';
import { BroadcastPage } from './broadcast-page';
import { BROADCAST_TEXT } from './messages';

const HIGH_STREET = { id: '7a1f0c52-6a43-4d1f-8a3e-7c1d2b3a4c01', name: 'High Street' };
const OLD_TOWN = { id: '7a1f0c52-6a43-4d1f-8a3e-7c1d2b3a4c02', name: 'Old Town' };

const CHOICES: TAnalyticsChoices = {
  stores: [
    { ...HIGH_STREET, locationId: crypto.randomUUID(), active: true },
    { ...OLD_TOWN, locationId: crypto.randomUUID(), active: false },
  ],
  categories: [],
};

function sentAlert(title: string, overrides: Partial<TAlert> = {}): TAlert {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    id,
    alertId: id,
    kind: 'BROADCAST',
    title,
    message: `About ${title.toLowerCase()}.`,
    severity: 'INFO',
    scope: 'BUSINESS',
    storeId: null,
    storeName: null,
    roles: null,
    expiresAt: null,
    subject: null,
    locationName: null,
    resolvedAt: null,
    createdBy: null,
    createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    updatedAt: new Date().toISOString(),
    readCount: 0,
    ...overrides,
  };
}

const STOCKTAKE = sentAlert('Stocktake on Sunday', {
  severity: 'WARNING',
  roles: ['ROLE_INVENTORY_ADMIN', 'ROLE_STORE_ASSISTANT'],
  readCount: 4,
  expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});
const LOW_STOCK_SYSTEM = sentAlert('Oat milk under its reorder point', { kind: 'SYSTEM' });

type Server = { routes: Route[]; sent: TAlert[]; bodies: TAlertRequest[] };

/** The alerts server: the business's and a store's sent lists, and sending, replacing, deleting. */
function serveBroadcasts(
  options: {
    sent?: TAlert[];
    send?: (body: TAlertRequest) => Response | null | Promise<Response | null>;
  } = {},
): Server {
  const server: Server = { routes: [], sent: options.sent ?? [STOCKTAKE, LOW_STOCK_SYSTEM], bodies: [] };
  const save = (body: TAlertRequest, id: string): TAlert => {
    const store = CHOICES.stores.find((candidate) => candidate.id === body.storeId);
    return sentAlert(body.title, {
      id,
      message: body.message,
      severity: body.severity,
      scope: body.scope,
      storeId: body.storeId ?? null,
      storeName: store?.name ?? null,
      roles: body.roles ?? null,
      expiresAt: body.expiresAt ?? null,
      createdAt: new Date().toISOString(),
    });
  };
  server.routes = [
    { path: '/api/sales-analytics/choices', answer: () => jsonResponse(200, CHOICES) },
    {
      path: '/api/alerts/business',
      answer: () =>
        jsonResponse(
          200,
          server.sent.filter((alert) => alert.scope === 'BUSINESS'),
        ),
    },
    {
      path: /^\/api\/alerts\/[^/]+$/,
      answer: (request) => {
        const storeId = new URL(request.url).pathname.split('/')[3];
        return jsonResponse(
          200,
          server.sent.filter((alert) => alert.storeId === storeId),
        );
      },
    },
    {
      method: 'POST',
      path: '/api/alerts',
      answer: async (request) => {
        const body = (await request.json()) as TAlertRequest;
        server.bodies.push(body);
        const refusal = await options.send?.(body);
        if (refusal) return refusal;
        const alert = save(body, crypto.randomUUID());
        server.sent = [alert, ...server.sent];
        return jsonResponse(201, alert);
      },
    },
    {
      method: 'PUT',
      path: /^\/api\/alerts\/[^/]+$/,
      answer: async (request) => {
        const id = new URL(request.url).pathname.split('/')[3]!;
        const body = (await request.json()) as TAlertRequest;
        server.bodies.push(body);
        const alert = save(body, id);
        server.sent = server.sent.map((existing) => (existing.id === id ? alert : existing));
        return jsonResponse(200, alert);
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/alerts\/[^/]+$/,
      answer: (request) => {
        const id = new URL(request.url).pathname.split('/')[3];
        server.sent = server.sent.filter((alert) => alert.id !== id);
        return new Response(null, { status: 204 });
      },
    },
  ];
  return server;
}

function setup(server: Server = serveBroadcasts(), roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(serveRoutes(server.routes));
  const view = renderRoutes(
    [
      {
        path: '/dashboard/broadcast',
        element: (
          <>
            <BroadcastPage />
            <AppToastContainer />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/broadcast'], session: makeSession({ roles }) },
  );
  return { ...fake, ...view, server };
}

function compose() {
  return screen.getByRole('form', { name: 'New broadcast' });
}

async function write(title: string, message: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), title);
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), message);
}

function sentTable() {
  return screen.getByRole('table', { name: 'Sent broadcasts' });
}

function rowOf(title: string) {
  return within(sentTable()).getByText(title).closest('tr')!;
}

describe(BroadcastPage.name, () => {
  it('lists the broadcasts sent, with severity, audience, expiry and read count; not the alerts the product raised', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Broadcast' })).toBeInTheDocument();
    const row = await waitFor(() => rowOf(STOCKTAKE.title));
    expect(row).toHaveTextContent('Warning');
    expect(row).toHaveTextContent('Whole business');
    expect(row).toHaveTextContent('Inventory admin, Store assistant');
    expect(row).toHaveTextContent('3 days ago');
    expect(within(row).getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(within(sentTable()).queryByText(LOW_STOCK_SYSTEM.title)).toBeNull();
    expect(screen.getByText('1 broadcast')).toBeInTheDocument();
  });

  it('checks the draft before sending: title, message, and the store of a store audience', async () => {
    const { requests } = setup();
    await screen.findByText(STOCKTAKE.title);
    await userEvent.click(within(compose()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Give the alert a title.')).toBeInTheDocument();
    expect(screen.getByText('Write the message.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();

    await write('Inventory count', 'Count the shelves.');
    await userEvent.click(screen.getByRole('radio', { name: 'One store' }));
    await userEvent.click(within(compose()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose the store the alert is for.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('counts the characters, and refuses an expiry in the past', async () => {
    setup();
    await screen.findByText(STOCKTAKE.title);
    await write('Hello', 'Shelves');
    expect(screen.getByText('5/120')).toBeInTheDocument();
    expect(screen.getByText('7/2000')).toBeInTheDocument();
    const expires = screen.getByLabelText('Expires');
    await userEvent.type(expires, '2020-01-01T09:00');
    await userEvent.click(within(compose()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('An alert must expire in the future.')).toBeInTheDocument();
  });

  it('previews the alert as readers will see it', async () => {
    setup();
    await screen.findByText(STOCKTAKE.title);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Your title');
    await write('Till closes early', 'At 5 today.');
    await userEvent.click(screen.getByRole('button', { name: 'Critical' }));
    expect(preview).toHaveTextContent('Till closes early');
    expect(preview).toHaveTextContent('At 5 today.');
    expect(within(preview).getByTitle('Critical')).toBeInTheDocument();
    expect(preview).toHaveTextContent('To everyone in the business, until you delete it.');
  });

  it('sends to the whole business and everyone, then lists it and clears the card', async () => {
    const { server } = setup();
    await screen.findByText(STOCKTAKE.title);
    await write('Till closes early', 'At 5 today.');
    await userEvent.click(screen.getByRole('button', { name: 'Critical' }));
    await userEvent.click(within(compose()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Broadcast sent')).toBeInTheDocument();
    expect(server.bodies).toEqual([
      {
        title: 'Till closes early',
        message: 'At 5 today.',
        severity: 'CRITICAL',
        scope: 'BUSINESS',
        storeId: null,
        roles: null,
        expiresAt: null,
      },
    ]);
    expect(await within(sentTable()).findByText('Till closes early')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it('sends to one store and the roles ticked, with the expiry as an instant, and shows that store’s list', async () => {
    const { server, requests } = setup();
    await screen.findByText(STOCKTAKE.title);
    await write('Delivery at 7', 'Open the back door.');
    await userEvent.click(screen.getByRole('radio', { name: 'One store' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Store' }));
    const options = await screen.findAllByRole('option');
    // A discontinued store receives no broadcasts.
    expect(options.map((option) => option.textContent)).toEqual(['High Street']);
    await userEvent.click(options[0]!);
    await userEvent.click(screen.getByRole('combobox', { name: 'Roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Store assistant' }));
    await userEvent.click(screen.getByRole('option', { name: 'Inventory admin' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Roles' })).toHaveTextContent(
      'Store assistant, Inventory admin',
    );
    await userEvent.type(screen.getByLabelText('Expires'), '2099-05-01T18:30');
    await userEvent.click(within(compose()).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Broadcast sent')).toBeInTheDocument();
    expect(server.bodies[0]).toEqual({
      title: 'Delivery at 7',
      message: 'Open the back door.',
      severity: 'INFO',
      scope: 'STORE',
      storeId: HIGH_STREET.id,
      roles: ['ROLE_STORE_ASSISTANT', 'ROLE_INVENTORY_ADMIN'],
      expiresAt: new Date('2099-05-01T18:30').toISOString(),
    });
    expect(await within(sentTable()).findByText('Delivery at 7')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sent to' })).toHaveTextContent('High Street');
    expect(
      requests.some((request) => new URL(request.url).pathname === `/api/alerts/${HIGH_STREET.id}`),
    ).toBe(true);
    expect(within(sentTable()).queryByText(STOCKTAKE.title)).toBeNull();
  });

  it('says why sending failed, and keeps the draft', async () => {
    setup(
      serveBroadcasts({
        send: () => jsonResponse(409, { code: 'CONFLICT', message: 'The store is closed.' }),
      }),
    );
    await screen.findByText(STOCKTAKE.title);
    await write('Delivery at 7', 'Open the back door.');
    await userEvent.click(within(compose()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send broadcast: The store is closed.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Delivery at 7');
  });

  it('falls back to the general reason, and puts a field error at its field', async () => {
    let attempt = 0;
    setup(
      serveBroadcasts({
        send: () => {
          attempt += 1;
          return attempt === 1
            ? new Response(null, { status: 500 })
            : jsonResponse(400, {
                code: 'VALIDATION_ERROR',
                message: 'An alert must expire in the future.',
                details: { fieldErrors: { expiresAt: ['An alert must expire in the future.'] } },
              });
        },
      }),
    );
    await screen.findByText(STOCKTAKE.title);
    await write('Delivery at 7', 'Open the back door.');
    await userEvent.click(within(compose()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send broadcast: An error occurred')).toBeInTheDocument();

    await userEvent.click(within(compose()).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Failed to send broadcast: An alert must expire in the future.'),
    ).toBeInTheDocument();
    const expires = screen.getByLabelText('Expires');
    expect(expires).toHaveAccessibleDescription('An alert must expire in the future.');
    expect(expires).toHaveFocus();
  });

  it('disables Send while sending', async () => {
    let release: () => void = () => undefined;
    setup(serveBroadcasts({ send: () => new Promise<null>((resolve) => (release = () => resolve(null))) }));
    await screen.findByText(STOCKTAKE.title);
    await write('Delivery at 7', 'Open the back door.');
    await userEvent.click(within(compose()).getByRole('button', { name: 'Send' }));
    expect(await within(compose()).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Broadcast sent')).toBeInTheDocument();
  });

  it('edits a broadcast in the card and saves it with PUT', async () => {
    const { server, requests } = setup();
    await screen.findByText(STOCKTAKE.title);
    await userEvent.click(
      within(rowOf(STOCKTAKE.title)).getByRole('button', { name: `Edit ${STOCKTAKE.title}` }),
    );
    const form = await screen.findByRole('form', { name: 'Edit broadcast' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue(STOCKTAKE.title);
    expect(within(form).getByRole('combobox', { name: 'Roles' })).toHaveTextContent(
      'Inventory admin, Store assistant',
    );
    await userEvent.clear(title);
    await userEvent.type(title, 'Stocktake moved to Monday');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Broadcast updated')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(new URL(put!.url).pathname).toBe(`/api/alerts/${STOCKTAKE.id}`);
    expect(server.bodies[0]).toMatchObject({
      title: 'Stocktake moved to Monday',
      severity: 'WARNING',
      scope: 'BUSINESS',
      roles: ['ROLE_INVENTORY_ADMIN', 'ROLE_STORE_ASSISTANT'],
    });
    expect(await within(sentTable()).findByText('Stocktake moved to Monday')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New broadcast' })).toBeInTheDocument();
  });

  it('deletes a broadcast after confirmation', async () => {
    const { requests } = setup();
    await screen.findByText(STOCKTAKE.title);
    await userEvent.click(
      within(rowOf(STOCKTAKE.title)).getByRole('button', { name: `Delete ${STOCKTAKE.title}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Broadcast deleted')).toBeInTheDocument();
    expect(
      requests.some(
        (request) => request.method === 'DELETE' && request.url.endsWith(`/api/alerts/${STOCKTAKE.id}`),
      ),
    ).toBe(true);
    expect(await screen.findByText(BROADCAST_TEXT.emptyWriter)).toBeInTheDocument();
  });

  it('shows an analytics reader the list only', async () => {
    setup(serveBroadcasts(), ['ROLE_ANALYTICS_READER']);
    await screen.findByText(STOCKTAKE.title);
    expect(screen.queryByRole('form')).toBeNull();
    expect(within(rowOf(STOCKTAKE.title)).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });

  it('lets an analytics contributor write and edit but not delete', async () => {
    setup(serveBroadcasts(), ['ROLE_ANALYTICS_CONTRIBUTOR']);
    await screen.findByText(STOCKTAKE.title);
    expect(compose()).toBeInTheDocument();
    expect(
      within(rowOf(STOCKTAKE.title)).getByRole('button', { name: `Edit ${STOCKTAKE.title}` }),
    ).toBeInTheDocument();
    expect(within(rowOf(STOCKTAKE.title)).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('leaves a plan without broadcasts to the Feature Locked dialog', async () => {
    const { store } = setup(
      serveBroadcasts({
        send: () =>
          jsonResponse(
            403,
            { code: 'PLAN_VIOLATION', message: 'Broadcasts are part of a paid plan.' },
            { 'X-Plan-Violation': '1' },
          ),
      }),
    );
    await screen.findByText(STOCKTAKE.title);
    await write('Delivery at 7', 'Open the back door.');
    await userEvent.click(within(compose()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(store.getState().ui.upgradeModalOpen).toBe(true));
    expect(screen.queryByText(/Failed to send broadcast/)).toBeNull();
  });

  it('names the next action when nothing was sent yet', async () => {
    setup(serveBroadcasts({ sent: [] }));
    expect(await screen.findByText(BROADCAST_TEXT.emptyWriter)).toBeInTheDocument();
  });
});
