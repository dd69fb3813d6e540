import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TInboxAlert, TInboxPage } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from '../../api/base-api';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession, makeToken, makeUser } from '../../test/fixtures';
import { mockFetch, renderRoutes } from '../../test/render';
import { loggedIn, loggedOut } from '../../session/session.slice';
import { AlertsBell, NO_ALERTS_TEXT, formatUnreadCount, latestShownText } from './alerts-bell';

const LOCATION_ID = '5f0c9a52-6a43-4d1f-8a3e-7c1d2b3a4c01';
const FAST_RETRY = { firstMs: 20, maxMs: 80 };

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
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    updatedAt: new Date().toISOString(),
    read: false,
    ...overrides,
  };
}

/** A stream the test writes into: one per connection, in order. */
type StreamHandle = { write: (text: string) => void; close: () => void; request: Request };

/** A fake alerts server: the inbox as kept in `state`, read and read-all, and the live stream. */
function serveAlerts(initial: { alerts: TInboxAlert[]; unread?: number; streamStatus?: number }) {
  const state = {
    alerts: initial.alerts,
    unread: initial.unread ?? initial.alerts.filter((alert) => !alert.read).length,
  };
  const streams: StreamHandle[] = [];
  const encoder = new TextEncoder();
  const fake = mockFetch((request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/alerts/inbox') {
      const size = Number(url.searchParams.get('size') ?? 10);
      const page: TInboxPage = {
        content: state.alerts.slice(0, size),
        page: 0,
        size,
        totalElements: state.alerts.length,
        totalPages: Math.ceil(state.alerts.length / size),
        unread: state.unread,
      };
      return jsonResponse(200, page);
    }
    const read = /^\/api\/alerts\/([^/]+)\/read$/.exec(url.pathname);
    if (request.method === 'POST' && read) {
      state.alerts = state.alerts.map((alert) => (alert.id === read[1] ? { ...alert, read: true } : alert));
      state.unread = Math.max(0, state.unread - 1);
      return new Response(null, { status: 204 });
    }
    if (request.method === 'POST' && url.pathname === '/api/alerts/read-all') {
      const marked = state.unread;
      state.alerts = state.alerts.map((alert) => ({ ...alert, read: true }));
      state.unread = 0;
      return jsonResponse(200, { marked });
    }
    if (url.pathname === '/api/alerts/stream') {
      if (initial.streamStatus) return jsonResponse(initial.streamStatus, { message: 'No.' });
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (started) => {
          controller = started;
        },
      });
      streams.push({
        write: (text) => controller.enqueue(encoder.encode(text)),
        close: () => controller.close(),
        request,
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return new Response(null, { status: 404 });
  });
  return { ...fake, state, streams };
}

function renderBell(roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  return renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <AlertsBell streamRetry={FAST_RETRY} />
            <AppToastContainer />
          </>
        ),
      },
      { path: '/dashboard/inventory', element: <h1>Inventory page</h1> },
    ],
    { initialEntries: ['/dashboard'], session: makeSession({ roles }) },
  );
}

async function openMenu(unread: number) {
  await userEvent.click(await screen.findByRole('button', { name: `Alerts, ${unread} unread` }));
  return screen.findByRole('dialog', { name: /Alerts/ });
}

const streamRequests = (requests: Request[]) =>
  requests.filter((request) => new URL(request.url).pathname === '/api/alerts/stream');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe(AlertsBell.name, () => {
  it('shows the unread count on the bell, and 99+ above 99', async () => {
    serveAlerts({ alerts: [inboxAlert('Till closes early')], unread: 3 });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Alerts, 3 unread' });
    expect(bell).toHaveTextContent('3');
    expect(formatUnreadCount(99)).toBe('99');
    expect(formatUnreadCount(100)).toBe('99+');
  });

  it('reads 99+ on the badge for 150 unread', async () => {
    serveAlerts({ alerts: [inboxAlert('Busy day')], unread: 150 });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Alerts, 150 unread' })).toHaveTextContent('99+');
  });

  it('lists the latest eight in its menu, and marks one read', async () => {
    const alerts = Array.from({ length: 10 }, (_unused, index) =>
      inboxAlert(`Alert ${index + 1}`, { read: index >= 2 }),
    );
    const { requests } = serveAlerts({ alerts });
    renderBell();
    const menu = await openMenu(2);
    const inboxRequest = requests.find((request) => request.url.includes('/api/alerts/inbox'));
    expect(Object.fromEntries(new URL(inboxRequest!.url).searchParams)).toEqual({ page: '0', size: '8' });
    const items = within(within(menu).getByRole('list', { name: 'Latest alerts' })).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    expect(within(items[0]!).getByRole('heading', { name: /^Unread:\s*Alert 1$/ })).toBeInTheDocument();
    expect(within(items[2]!).getByRole('heading', { name: 'Alert 3' })).toBeInTheDocument();

    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Mark read “Alert 1”' }));
    // The bell sits behind the open menu, out of the accessibility tree until it closes.
    expect(await screen.findByRole('button', { name: 'Alerts, 1 unread', hidden: true })).toBeInTheDocument();
    expect(within(menu).getByText('1 unread')).toBeInTheDocument();
    expect(
      requests.some(
        (request) => request.method === 'POST' && request.url.endsWith(`/api/alerts/${alerts[0]!.id}/read`),
      ),
    ).toBe(true);
    expect(within(items[0]!).queryByRole('button', { name: /^Mark read/ })).toBeNull();
  });

  it('moves between the menu actions with the arrow keys, Home and End, and Escape returns to the bell', async () => {
    serveAlerts({ alerts: [inboxAlert('One'), inboxAlert('Two', { read: true })] });
    renderBell();
    await openMenu(1);
    const markAll = screen.getByRole('button', { name: 'Mark all read' });
    const markOne = screen.getByRole('button', { name: 'Mark read “One”' });
    const seeAll = screen.getByRole('link', { name: 'See all' });
    await userEvent.keyboard('{ArrowDown}');
    expect(markAll).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(markOne).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(seeAll).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(markAll).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(seeAll).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(markAll).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Alerts, 1 unread' })).toHaveFocus());
  });

  it('tells a store assistant, who has no See all, that the menu holds only the latest alerts', async () => {
    const alerts = Array.from({ length: 10 }, (_unused, index) => inboxAlert(`Alert ${index + 1}`));
    serveAlerts({ alerts });
    renderBell(['ROLE_STORE_ASSISTANT']);
    const menu = await openMenu(10);
    expect(within(menu).queryByRole('link', { name: 'See all' })).toBeNull();
    expect(within(menu).getByText(latestShownText(8, 10))).toBeInTheDocument();
    expect(latestShownText(8, 10)).toBe('The latest 8 of your 10 alerts');
  });

  it('keeps the unread dot by the first line of a long title', async () => {
    serveAlerts({
      alerts: [inboxAlert('A title long enough to wrap onto a second and a third line '.repeat(2))],
    });
    renderBell();
    const menu = await openMenu(1);
    const dot = within(menu).getByTestId('unread-dot');
    expect(dot.parentElement).toHaveStyle({ alignItems: 'flex-start' });
  });

  it('marks all read', async () => {
    const { requests } = serveAlerts({ alerts: [inboxAlert('One'), inboxAlert('Two')] });
    renderBell();
    const menu = await openMenu(2);
    await userEvent.click(within(menu).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Alerts, 0 unread', hidden: true })).toBeInTheDocument();
    expect(
      requests.some((request) => request.method === 'POST' && request.url.endsWith('/api/alerts/read-all')),
    ).toBe(true);
    expect(within(menu).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('says when there is nothing, and offers See all to an owner', async () => {
    serveAlerts({ alerts: [] });
    renderBell();
    const menu = await openMenu(0);
    expect(within(menu).getByText(NO_ALERTS_TEXT)).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'See all' })).toHaveAttribute(
      'href',
      '/dashboard/communications',
    );
  });

  it('opens a short transfer for an inventory admin at the movement itself, a page he may open', async () => {
    const movement = crypto.randomUUID();
    serveAlerts({
      alerts: [
        inboxAlert('Transfer short: Fresh Carrots 1 kg', {
          kind: 'SYSTEM',
          severity: 'WARNING',
          subject: { type: 'MOVEMENT', id: movement, locationId: LOCATION_ID },
          locationName: 'Central Warehouse',
        }),
      ],
    });
    const { router } = renderBell(['ROLE_INVENTORY_ADMIN']);
    const menu = await openMenu(1);
    await userEvent.click(
      within(menu).getByRole('link', { name: 'Open “Transfer short: Fresh Carrots 1 kg”' }),
    );
    expect(await screen.findByRole('heading', { name: 'Inventory page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/inventory');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'movements',
      movement,
    });
  });

  it('leaves See all out for an inventory admin, and opens her low-stock alert at its location', async () => {
    const item = crypto.randomUUID();
    const { requests } = serveAlerts({
      alerts: [
        inboxAlert('Oat milk under its reorder point', {
          kind: 'SYSTEM',
          severity: 'WARNING',
          subject: { type: 'INVENTORY_ITEM', id: item, locationId: LOCATION_ID },
          locationName: 'High Street',
        }),
      ],
    });
    const { router } = renderBell(['ROLE_INVENTORY_ADMIN']);
    const menu = await openMenu(1);
    expect(within(menu).queryByRole('link', { name: 'See all' })).toBeNull();
    expect(within(menu).getByText(/· High Street/)).toBeInTheDocument();
    const open = within(menu).getByRole('link', { name: 'Open “Oat milk under its reorder point”' });
    expect(open).toHaveAttribute('href', `/dashboard/inventory?location=${LOCATION_ID}&lowStock=1`);
    await userEvent.click(open);
    expect(await screen.findByRole('heading', { name: 'Inventory page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?location=${LOCATION_ID}&lowStock=1`);
    await waitFor(() =>
      expect(requests.some((request) => request.method === 'POST' && request.url.includes('/read'))).toBe(
        true,
      ),
    );
  });

  it('updates the count live from the stream and announces a raised alert', async () => {
    const { state, streams } = serveAlerts({ alerts: [] });
    renderBell();
    await screen.findByRole('button', { name: 'Alerts, 0 unread' });
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]!.request.headers.get('Authorization')).toMatch(/^Bearer /);

    state.alerts = [inboxAlert('Stock under reorder point: Oat milk', { severity: 'WARNING' })];
    state.unread = 1;
    act(() => {
      streams[0]!.write('event: ready\ndata: {}\n\n: ping\n\n');
      streams[0]!.write(
        `event: alert\ndata: ${JSON.stringify({
          alertId: state.alerts[0]!.id,
          action: 'RAISED',
          severity: 'WARNING',
          title: 'Stock under reorder point: Oat milk',
        })}\n\n`,
      );
    });
    expect(await screen.findByRole('button', { name: 'Alerts, 1 unread' })).toBeInTheDocument();
    expect(await screen.findByText('Stock under reorder point: Oat milk')).toBeInTheDocument();
  });

  it('refreshes what a system alert is about: the stock lists for a low-stock alert, not for a broadcast', async () => {
    let reads = 0;
    const probe = baseApi.injectEndpoints({
      endpoints: (build) => ({
        stockProbe: build.query<number, void>({
          queryFn: () => ({ data: (reads += 1) }),
          providesTags: ['Inventory'],
        }),
      }),
      overrideExisting: true,
    });
    const { streams } = serveAlerts({ alerts: [] });
    const { store } = renderBell();
    await waitFor(() => expect(streams).toHaveLength(1));
    const subscription = store.dispatch(probe.endpoints.stockProbe.initiate());
    await waitFor(() => expect(reads).toBe(1));
    const event = (subjectType: string | null) =>
      `event: alert\ndata: ${JSON.stringify({ alertId: '0193a6f0-0000-7000-8000-0000000000aa', action: 'RAISED', severity: 'WARNING', title: 'Low stock: Oat milk', subjectType })}\n\n`;

    act(() => streams[0]!.write(event(null)));
    await screen.findByText('Low stock: Oat milk');
    expect(reads).toBe(1);
    act(() => streams[0]!.write(event('INVENTORY_ITEM')));
    await waitFor(() => expect(reads).toBe(2));
    subscription.unsubscribe();
  });

  it('refreshes on a change without announcing it', async () => {
    const { state, streams } = serveAlerts({ alerts: [inboxAlert('Low stock', { kind: 'SYSTEM' })] });
    renderBell();
    await screen.findByRole('button', { name: 'Alerts, 1 unread' });
    await waitFor(() => expect(streams).toHaveLength(1));
    state.alerts = [{ ...state.alerts[0]!, resolvedAt: new Date().toISOString() }];
    state.unread = 0;
    act(() => {
      streams[0]!.write(
        `event: alert\ndata: ${JSON.stringify({ alertId: state.alerts[0]!.id, action: 'RESOLVED', severity: 'INFO', title: 'Low stock' })}\n\n`,
      );
    });
    expect(await screen.findByRole('button', { name: 'Alerts, 0 unread' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('connects again with the current token when the stream ends, and reads the inbox again', async () => {
    const { streams, requests, state } = serveAlerts({ alerts: [] });
    const { store } = renderBell();
    await waitFor(() => expect(streams).toHaveLength(1));
    const firstToken = streams[0]!.request.headers.get('Authorization');

    // The session was renewed meanwhile; the server ends the stream as the old token expires.
    const token = makeToken({ renewed: true });
    act(() => {
      store.dispatch(
        loggedIn({
          token,
          expiresAt: Date.now() + 3_600_000,
          user: makeUser(),
          businessId: makeUser().businessId,
        }),
      );
    });
    state.alerts = [inboxAlert('Missed while away')];
    state.unread = 1;
    act(() => streams[0]!.close());

    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streams[1]!.request.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(streams[1]!.request.headers.get('Authorization')).not.toBe(firstToken);
    // The server says ready once it hears every new alert: the bell reads the inbox again then,
    // and what happened while away shows.
    act(() => streams[1]!.write('event: ready\ndata: {}\n\n'));
    expect(await screen.findByRole('button', { name: 'Alerts, 1 unread' })).toBeInTheDocument();
    expect(requests.filter((request) => request.url.includes('/api/alerts/inbox')).length).toBeGreaterThan(1);
  });

  it('waits to be looked at before connecting again when a newer tab replaced its stream', async () => {
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    try {
      const { streams } = serveAlerts({ alerts: [] });
      renderBell();
      await waitFor(() => expect(streams).toHaveLength(1));
      act(() => {
        streams[0]!.write('event: replaced\ndata: {}\n\n');
        streams[0]!.close();
      });
      // A background tab: no new stream, however long the retry delay has passed.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(streams).toHaveLength(1);
      // Looked at again: it connects at once.
      hasFocus.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      await waitFor(() => expect(streams).toHaveLength(2));
    } finally {
      hasFocus.mockRestore();
    }
  });

  it('stops the stream when signed out', async () => {
    const { streams, requests } = serveAlerts({ alerts: [] });
    const { store } = renderBell();
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => {
      store.dispatch(loggedOut());
    });
    act(() => streams[0]!.close());
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(streamRequests(requests)).toHaveLength(1);
  });

  it('does not try again when the server has no stream', async () => {
    const { requests } = serveAlerts({ alerts: [], streamStatus: 404 });
    renderBell();
    await screen.findByRole('button', { name: 'Alerts, 0 unread' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(streamRequests(requests)).toHaveLength(1);
  });

  it('tries again with growing pauses after a server error', async () => {
    const { requests } = serveAlerts({ alerts: [], streamStatus: 503 });
    renderBell();
    await waitFor(() => expect(streamRequests(requests).length).toBeGreaterThanOrEqual(3));
  });
});
