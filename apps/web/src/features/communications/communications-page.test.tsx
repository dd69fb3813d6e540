import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TAnalyticsChoices, TInboxAlert, TInboxPage } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type Route } from '../../test/render';
import { CommunicationsPage } from './communications-page';
import { COMMUNICATIONS_TEXT } from './messages';

const HIGH_STREET = { id: '7a1f0c52-6a43-4d1f-8a3e-7c1d2b3a4c01', name: 'High Street' };
const DEPOT_LOCATION = '7a1f0c52-6a43-4d1f-8a3e-7c1d2b3a4c99';

function inboxAlert(title: string, overrides: Partial<TInboxAlert> = {}): TInboxAlert {
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
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    updatedAt: new Date().toISOString(),
    read: true,
    ...overrides,
  };
}

const LOW_STOCK = inboxAlert('Oat milk under its reorder point', {
  kind: 'SYSTEM',
  severity: 'WARNING',
  subject: { type: 'INVENTORY_ITEM', id: crypto.randomUUID(), locationId: DEPOT_LOCATION },
  locationName: 'North Depot',
  read: false,
});
const WAITING = inboxAlert('Movement waiting over 48 hours', {
  kind: 'SYSTEM',
  severity: 'CRITICAL',
  subject: { type: 'MOVEMENT', id: crypto.randomUUID(), locationId: DEPOT_LOCATION },
  locationName: 'North Depot',
  read: false,
});
const RENEWAL = inboxAlert('Renewal failed', {
  kind: 'SYSTEM',
  severity: 'CRITICAL',
  subject: { type: 'SUBSCRIPTION', id: crypto.randomUUID(), locationId: null },
  resolvedAt: new Date().toISOString(),
});
const STORE_NOTE = inboxAlert('Till closes at 6 tonight', {
  scope: 'STORE',
  storeId: HIGH_STREET.id,
  storeName: HIGH_STREET.name,
});
const OLDER = Array.from({ length: 21 }, (_unused, index) => inboxAlert(`Older note ${index + 1}`));
const ALL = [LOW_STOCK, WAITING, RENEWAL, STORE_NOTE, ...OLDER];

const CHOICES: TAnalyticsChoices = {
  stores: [{ ...HIGH_STREET, locationId: crypto.randomUUID(), active: true }],
  categories: [],
};

/** The inbox as the server pages and filters it; read and read-all change it. */
function serveInbox(initial: TInboxAlert[] = ALL): Route[] {
  let alerts = initial;
  const unread = () => alerts.filter((alert) => !alert.read && alert.resolvedAt === null).length;
  return [
    {
      path: '/api/alerts/inbox',
      answer: (request) => {
        const query = new URL(request.url).searchParams;
        const page = Number(query.get('page') ?? 0);
        const size = Number(query.get('size') ?? 10);
        const matching = alerts.filter(
          (alert) =>
            (!query.get('severity') || alert.severity === query.get('severity')) &&
            (!query.get('storeId') || alert.storeId === query.get('storeId')) &&
            (query.get('unread') !== 'true' || !alert.read),
        );
        const body: TInboxPage = {
          content: matching.slice(page * size, page * size + size),
          page,
          size,
          totalElements: matching.length,
          totalPages: Math.ceil(matching.length / size),
          unread: unread(),
        };
        return jsonResponse(200, body);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/alerts\/[^/]+\/read$/,
      answer: (request) => {
        const id = new URL(request.url).pathname.split('/')[3];
        alerts = alerts.map((alert) => (alert.id === id ? { ...alert, read: true } : alert));
        return new Response(null, { status: 204 });
      },
    },
    {
      method: 'POST',
      path: '/api/alerts/read-all',
      answer: () => {
        const marked = unread();
        alerts = alerts.map((alert) => ({ ...alert, read: true }));
        return jsonResponse(200, { marked });
      },
    },
    { path: '/api/sales-analytics/choices', answer: () => jsonResponse(200, CHOICES) },
  ];
}

function setup(routes: Route[] = serveInbox(), roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(serveRoutes(routes));
  const view = renderRoutes(
    [
      {
        path: '/dashboard/communications',
        element: (
          <>
            <CommunicationsPage />
            <AppToastContainer />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/communications'], session: makeSession({ roles }) },
  );
  return { ...fake, ...view };
}

const inboxQueries = (requests: Request[]) =>
  requests
    .filter((request) => new URL(request.url).pathname === '/api/alerts/inbox')
    .map((request) => Object.fromEntries(new URL(request.url).searchParams));

function rowOf(title: string) {
  return within(screen.getByRole('table', { name: 'Alerts' }))
    .getByText(title)
    .closest('tr')!;
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe(CommunicationsPage.name, () => {
  it('lists her alerts a page at a time: unread ones marked, resolved ones muted, each with where and when', async () => {
    const { requests } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Communications' })).toBeInTheDocument();
    await screen.findByText(LOW_STOCK.title);
    expect(inboxQueries(requests)[0]).toEqual({ page: '0', size: '10' });
    expect(screen.getByText('25 alerts · 2 unread')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();

    const lowStock = rowOf(LOW_STOCK.title);
    expect(within(lowStock).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(lowStock).getByText('Warning')).toBeInTheDocument();
    expect(within(lowStock).getByText('North Depot')).toBeInTheDocument();
    expect(within(lowStock).getByText('2 hours ago')).toHaveAttribute('datetime', LOW_STOCK.createdAt);
    expect(within(lowStock).getByText(LOW_STOCK.title)).toHaveStyle({ fontWeight: '700' });
    // The dot sits by the first line of a title that wraps, not halfway down it.
    expect(within(lowStock).getByRole('img', { name: 'Unread' }).parentElement).toHaveStyle({
      alignItems: 'flex-start',
    });

    const renewal = rowOf(RENEWAL.title);
    expect(within(renewal).getByText('Resolved')).toBeInTheDocument();
    expect(within(renewal).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(within(renewal).queryByRole('button', { name: /Mark/ })).toBeNull();
    expect(within(rowOf(STORE_NOTE.title)).getByText('High Street')).toBeInTheDocument();
    expect(within(rowOf('Older note 1')).getByText('Whole business')).toBeInTheDocument();
  });

  it('links each system alert to what it is about', async () => {
    setup();
    await screen.findByText(LOW_STOCK.title);
    expect(
      within(rowOf(LOW_STOCK.title)).getByRole('link', { name: `Open “${LOW_STOCK.title}”` }),
    ).toHaveAttribute('href', `/dashboard/inventory?location=${DEPOT_LOCATION}&lowStock=1`);
    // The movement itself, not the newest movements of the business.
    expect(within(rowOf(WAITING.title)).getByRole('link', { name: /Open/ })).toHaveAttribute(
      'href',
      `/dashboard/inventory?tab=movements&movement=${WAITING.subject!.id}`,
    );
    expect(within(rowOf(RENEWAL.title)).getByRole('link', { name: /Open/ })).toHaveAttribute(
      'href',
      '/dashboard/subscribe',
    );
    expect(within(rowOf(STORE_NOTE.title)).queryByRole('link')).toBeNull();
  });

  it('shows an analytics reader no link she could not follow', async () => {
    setup(serveInbox(), ['ROLE_ANALYTICS_READER']);
    await screen.findByText(LOW_STOCK.title);
    expect(within(rowOf(LOW_STOCK.title)).queryByRole('link')).toBeNull();
    expect(within(rowOf(RENEWAL.title)).queryByRole('link')).toBeNull();
  });

  it('asks the server for the filters chosen, from the first page', async () => {
    const { requests } = setup();
    await screen.findByText(LOW_STOCK.title);
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Older note 7');
    expect(inboxQueries(requests).at(-1)).toEqual({ page: '1', size: '10' });

    await choose('Severity', 'Critical');
    await waitFor(() => expect(screen.queryByText(LOW_STOCK.title)).toBeNull());
    expect(screen.getByText(WAITING.title)).toBeInTheDocument();
    expect(inboxQueries(requests).at(-1)).toEqual({ page: '0', size: '10', severity: 'CRITICAL' });

    await choose('Severity', 'All severities');
    await choose('Store', 'High Street');
    expect(await screen.findByText('1 alert · 2 unread')).toBeInTheDocument();
    expect(inboxQueries(requests).at(-1)).toEqual({ page: '0', size: '10', storeId: HIGH_STREET.id });

    await choose('Store', 'All stores');
    await userEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    expect(await screen.findByText('2 alerts · 2 unread')).toBeInTheDocument();
    expect(inboxQueries(requests).at(-1)).toEqual({ page: '0', size: '10', unread: 'true' });
  });

  it('marks one read, and then all', async () => {
    const { requests } = setup();
    await screen.findByText(LOW_STOCK.title);
    await userEvent.click(
      within(rowOf(LOW_STOCK.title)).getByRole('button', { name: `Mark read “${LOW_STOCK.title}”` }),
    );
    await waitFor(() =>
      expect(within(rowOf(LOW_STOCK.title)).queryByRole('img', { name: 'Unread' })).toBeNull(),
    );
    expect(await screen.findByText('25 alerts · 1 unread')).toBeInTheDocument();
    expect(
      requests.some(
        (request) =>
          request.method === 'POST' && new URL(request.url).pathname === `/api/alerts/${LOW_STOCK.id}/read`,
      ),
    ).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('1 alert marked read')).toBeInTheDocument();
    expect(await screen.findByText('25 alerts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(screen.queryByRole('img', { name: 'Unread' })).toBeNull();
  });

  it('marks an alert read when its link is followed', async () => {
    const { requests } = setup();
    await screen.findByText(WAITING.title);
    const link = within(rowOf(WAITING.title)).getByRole('link', { name: /Open/ });
    // Follow it without leaving the page: the mark is what counts here.
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.method === 'POST' && request.url.endsWith(`/api/alerts/${WAITING.id}/read`),
        ),
      ).toBe(true),
    );
  });

  it('says when she is all caught up, and when the filters match nothing', async () => {
    setup(serveInbox([]));
    expect(await screen.findByText(COMMUNICATIONS_TEXT.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    expect(await screen.findByText(COMMUNICATIONS_TEXT.noMatch)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(COMMUNICATIONS_TEXT.empty)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Unread only' })).not.toBeChecked();
  });

  it("shows the server's message when the alerts cannot be read", async () => {
    setup([
      {
        path: '/api/alerts/inbox',
        answer: () => jsonResponse(500, { code: 'INTERNAL', message: 'The alerts are resting.' }),
      },
    ]);
    expect(await screen.findByText('The alerts are resting.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
