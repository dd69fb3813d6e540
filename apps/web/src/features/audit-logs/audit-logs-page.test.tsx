import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAuditEntry, TPage, TUserSuggestion } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { AuditLogsPage } from './audit-logs-page';
import { LOCKED_TEXT, PICK_USER_HINT } from './messages';

const JANE: TUserSuggestion = {
  userId: '7a1c0000-0000-4000-8000-00000000a001',
  fullName: 'Jane Doe',
  email: 'jane@example.com',
};
const JACK: TUserSuggestion = {
  userId: '7a1c0000-0000-4000-8000-00000000a002',
  fullName: 'Jack Black',
  email: 'jack@example.com',
};

function entry(overrides: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id: crypto.randomUUID(),
    userId: JANE.userId,
    userEmail: JANE.email,
    eventType: 'ACCESS_ADJUSTED',
    description: 'Roles of Jane Doe changed',
    timestamp: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

function page<T>(content: T[]): TPage<T> {
  return { content, page: 0, size: 10, totalElements: content.length, totalPages: content.length ? 1 : 0 };
}

const path = (request: Request) => new URL(request.url).pathname;
const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

const ENTRIES = [entry(), entry({ eventType: 'USER_UPDATE', description: 'Profile updated', timestamp: '' })];

function server(overrides: ((request: Request) => Response | null) | null = null): FetchHandler {
  return async (request) => {
    const answer = overrides ? overrides(request) : null;
    if (answer) return answer;
    if (path(request) === '/api/users/search') return jsonResponse(200, page([JANE, JACK]));
    if (path(request) === '/api/audit/export')
      return new Response('Log ID\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="audit-log-2026-11-26.csv"',
        },
      });
    return jsonResponse(200, page(ENTRIES));
  };
}

function setup(handler: FetchHandler) {
  const fake = mockFetch(handler);
  const view = renderRoutes(
    [
      {
        path: '/dashboard/logs',
        element: (
          <>
            <AppToastContainer />
            <AuditLogsPage />
          </>
        ),
      },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    { initialEntries: ['/dashboard/logs'], session: makeSession() },
  );
  return { ...fake, ...view };
}

async function pickJane() {
  const box = screen.getByRole('combobox', { name: 'User e-mail' });
  await userEvent.type(box, 'ja');
  await userEvent.click(await screen.findByRole('option', { name: /Jane Doe/ }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe(AuditLogsPage.name, () => {
  it('suggests users from two characters on, with name and e-mail, at most 200 px high', async () => {
    const { requests } = setup(server());
    const box = screen.getByRole('combobox', { name: 'User e-mail' });
    await userEvent.type(box, 'j');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(requests.filter((request) => path(request) === '/api/users/search')).toHaveLength(0);

    await userEvent.type(box, 'a');
    const option = await screen.findByRole('option', { name: /Jane Doe/ });
    expect(option).toHaveTextContent('jane@example.com');
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '200px' });
    const searches = requests.filter((request) => path(request) === '/api/users/search');
    expect(searches.map(query)).toEqual([{ partialEmail: 'ja', page: '0', size: '10' }]);
  });

  it('searches only once a user is picked, with the event type', async () => {
    const { requests } = setup(server());
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search).toBeDisabled();
    expect(screen.getByText(PICK_USER_HINT)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'User e-mail' }), 'jane@example.com');
    expect(search).toBeDisabled();

    await userEvent.clear(screen.getByRole('combobox', { name: 'User e-mail' }));
    await pickJane();
    expect(search).toBeEnabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Event type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ACCESS ADJUSTED' }));
    expect(requests.some((request) => path(request).startsWith('/api/audit'))).toBe(false);
    await userEvent.click(search);

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(await within(table).findByText('Roles of Jane Doe changed')).toBeInTheDocument();
    const calls = requests.filter((request) => path(request).startsWith('/api/audit'));
    expect(calls.map((request) => `${path(request)} ${new URL(request.url).search}`)).toEqual([
      `/api/audit/user/${JANE.userId}/event/ACCESS_ADJUSTED ?page=0&size=10`,
    ]);
  });

  it('shows the five columns, event types with spaces, local time or "-"', async () => {
    setup(server());
    await pickJane();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Profile updated');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Log ID', 'User ID', 'Event Type', 'Description', 'Timestamp']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(ENTRIES[0]!.id);
    expect(first).toHaveTextContent(JANE.userId);
    expect(first).toHaveTextContent('ACCESS ADJUSTED');
    expect(first).toHaveTextContent(new Date('2026-11-20T09:30:00.000Z').toLocaleString());
    expect(second).toHaveTextContent('USER UPDATE');
    expect(within(second!).getAllByRole('cell').at(-1)).toHaveTextContent(/^-$/);
    // Every event type of the dropdown is shown with spaces.
    await userEvent.click(screen.getByRole('combobox', { name: 'Event type' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent).filter((text) => text?.includes('_'))).toEqual([]);
    expect(options[0]).toHaveTextContent('All');
  });

  it('says "Logs error: {reason}" when the call fails', async () => {
    setup(
      server((request) =>
        path(request).startsWith('/api/audit/user')
          ? jsonResponse(404, { code: 'NOT_FOUND', message: 'This user does not exist.' })
          : null,
      ),
    );
    await pickJane();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Logs error: This user does not exist.')).toBeInTheDocument();
  });

  it('clears the suggestions when leaving the screen', async () => {
    const { store, router } = setup(server());
    await pickJane();
    const cached = () =>
      Object.keys(store.getState().api.queries).filter((key) => key.startsWith('searchUserSuggestions'));
    expect(cached()).not.toHaveLength(0);
    await act(() => router.navigate('/dashboard'));
    await waitFor(() => expect(cached()).toHaveLength(0));
  });

  it('lists all users with an event type and a date range, and exports with the same filters', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined }),
    );
    const { requests } = setup(server());
    await userEvent.click(screen.getByRole('tab', { name: 'All users' }));
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Roles of Jane Doe changed');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Log ID', 'User', 'Event Type', 'Description', 'Timestamp']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(`${JANE.email}${JANE.userId}`);
    // A long address wraps after its "@" in the narrow User column, not inside a word.
    const [local, domain] = JANE.email.split('@');
    expect(within(table).getAllByRole('row')[1]).toContainHTML(`${local}@<wbr>${domain}`);

    await userEvent.click(screen.getByRole('combobox', { name: 'Event type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'USER UPDATE' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01T09:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30T18:00' } });
    const range = {
      eventType: 'USER_UPDATE',
      from: new Date('2026-11-01T09:00').toISOString(),
      to: new Date('2026-11-30T18:00').toISOString(),
    };
    await waitFor(() =>
      expect(query(requests.filter((request) => path(request) === '/api/audit').at(-1)!)).toEqual({
        ...range,
        page: '0',
        size: '10',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Export downloaded');
    expect(saved).toEqual(['audit-log-2026-11-26.csv']);
    const exported = requests.find((request) => path(request) === '/api/audit/export')!;
    expect(query(exported)).toEqual({ format: 'csv', ...range });
    expect(exported.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const { requests } = setup(server());
    await userEvent.click(screen.getByRole('tab', { name: 'All users' }));
    await screen.findByText('Roles of Jane Doe changed');
    const before = requests.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30T09:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01T09:00' } });
    expect(await screen.findByText('The end of the range must be after its start.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    // The one call is for the start alone; the wrong range asks nothing.
    expect(requests.slice(before).every((request) => query(request).to === undefined)).toBe(true);
  });

  it('shows a calm locked state on a plan without the audit log', async () => {
    const { store } = setup(
      server((request) =>
        path(request) === '/api/audit'
          ? jsonResponse(
              403,
              { code: 'PLAN_VIOLATION', message: 'The audit log needs the Basic plan.' },
              { 'X-Plan-Violation': '1' },
            )
          : null,
      ),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'All users' }));
    expect(await screen.findByText(LOCKED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/subscription-plans');
    expect(screen.queryByText(/Logs error/)).not.toBeInTheDocument();
    expect(store.getState().ui).toEqual({
      upgradeModalOpen: true,
      planBlockMessage: 'The audit log needs the Basic plan.',
    });
  });
});
