import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { sentTo } from '../analytics.test-kit';
import { BACK_TO_LIST, HISTORY_EMPTY_TEXT, ReportHistory } from './report-history';
import {
  BEST_SELLERS,
  FORECAST,
  FORECAST_ID,
  REPORT_ID,
  page,
  renderReports,
  summaryOf,
} from './reports.test-kit';

const LIST = '/api/reports';

afterEach(() => vi.unstubAllGlobals());

/** A server holding the user's reports, newest first; DELETE removes one. */
function reportsServer(reports = [FORECAST, BEST_SELLERS]) {
  let held = [...reports];
  return [
    { path: LIST, answer: () => jsonResponse(200, page(held.map(summaryOf))) },
    {
      path: /^\/api\/reports\/[0-9a-f-]+$/,
      answer: (request: Request) => {
        const report = held.find((one) => request.url.endsWith(one.id));
        return report ? jsonResponse(200, report) : jsonResponse(404, { message: 'No such report.' });
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/reports\/[0-9a-f-]+$/,
      answer: (request: Request) => {
        held = held.filter((one) => !request.url.endsWith(one.id));
        return new Response(null, { status: 204 });
      },
    },
  ];
}

// Typing without the default pause between keys keeps each file well under its time budget.
let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

describe(ReportHistory.name, () => {
  it('lists my reports as the server orders them, newest first, with title, question and time', async () => {
    const { requests } = renderReports(<ReportHistory />, reportsServer());
    const table = await screen.findByRole('table', { name: 'My reports' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(FORECAST.title);
    expect(rows[1]).toHaveTextContent(FORECAST.question);
    expect(rows[1]).toHaveTextContent('Forecast');
    expect(rows[2]).toHaveTextContent(BEST_SELLERS.title);
    expect(rows[2]).toHaveTextContent('Question');
    expect(rows[2]!.querySelector('time')).toHaveAttribute('dateTime', BEST_SELLERS.generatedAt);
    expect(sentTo(requests, LIST)).toEqual([{ page: '0', size: '10' }]);
  });

  it('opens a report as it was answered, and goes back to the list, focus following by keyboard', async () => {
    const { requests } = renderReports(<ReportHistory />, reportsServer());
    (await screen.findByRole('button', { name: BEST_SELLERS.title })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: BEST_SELLERS.title })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Best sellers, October 2026' })).toBeInTheDocument();
    expect(sentTo(requests, `${LIST}/${REPORT_ID}`)).toHaveLength(1);
    // The link that opened it is gone: focus waits on the way back, not at the page's top.
    const back = screen.getByRole('button', { name: BACK_TO_LIST });
    expect(back).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('table', { name: 'My reports' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: BEST_SELLERS.title })).toHaveFocus());
  });

  it('deletes a report after asking, and the list follows', async () => {
    const { requests } = renderReports(<ReportHistory />, reportsServer());
    await user.click(await screen.findByRole('button', { name: `Delete ${FORECAST.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(dialog).toHaveTextContent(`Delete ${FORECAST.title}?`);
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));

    // The dialog hides the page from the accessibility tree until it has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: FORECAST.title })).not.toBeInTheDocument(),
    );
    // The deleted row's button had the focus; its neighbour takes it.
    await waitFor(() => expect(screen.getByRole('button', { name: BEST_SELLERS.title })).toHaveFocus());
    const deleted = requests.filter((request) => request.method === 'DELETE');
    expect(deleted.map((request) => new URL(request.url).pathname)).toEqual([`${LIST}/${FORECAST_ID}`]);
  });

  it('keeps a report when the deletion is cancelled', async () => {
    const { requests } = renderReports(<ReportHistory />, reportsServer());
    await user.click(await screen.findByRole('button', { name: `Delete ${FORECAST.title}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('button', { name: FORECAST.title })).toBeInTheDocument();
  });

  it('goes back a page when the only report of the last page is deleted', async () => {
    const others = Array.from({ length: 10 }, (_, index) => ({
      ...summaryOf(BEST_SELLERS),
      id: `0193a0c4-7d2e-7b3a-9c1e-5f6a7b8c9d${String(index).padStart(2, '0')}`,
      title: `Report ${index + 1}`,
    }));
    let isForecastHeld = true;
    const { requests } = renderReports(<ReportHistory />, [
      {
        path: LIST,
        answer: (request) => {
          const held = isForecastHeld ? [...others, summaryOf(FORECAST)] : others;
          const pageNo = Number(new URL(request.url).searchParams.get('page'));
          return jsonResponse(200, page(held.slice(pageNo * 10, pageNo * 10 + 10), held.length, pageNo));
        },
      },
      {
        method: 'DELETE',
        path: `${LIST}/${FORECAST_ID}`,
        answer: () => {
          isForecastHeld = false;
          return new Response(null, { status: 204 });
        },
      },
    ]);
    await screen.findByRole('button', { name: 'Report 1' });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(await screen.findByRole('button', { name: `Delete ${FORECAST.title}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Report 10' })).toBeInTheDocument();
    expect(sentTo(requests, LIST).map((query) => query.page)).toEqual(['0', '1', '1', '0']);
  });

  it('says where the reports will appear when there are none', async () => {
    renderReports(<ReportHistory />, reportsServer([]));
    expect(await screen.findByText(HISTORY_EMPTY_TEXT)).toBeInTheDocument();
  });

  it('falls back to its message when the list cannot be read', async () => {
    renderReports(<ReportHistory />, [{ path: LIST, answer: () => new Response(null, { status: 500 }) }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch your reports');
  });
});
