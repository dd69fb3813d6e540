import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { sentTo } from '../analytics.test-kit';
import { CHART_EMPTY_TEXT } from './report-chart';
import { ReportView, askedQuestion } from './report-view';
import {
  BEST_SELLERS,
  FORECAST,
  REPORT_ID,
  catchDownloads,
  planRefusal,
  renderReports,
} from './reports.test-kit';

const EXPORT = '/api/reports/export/final';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function exportAs(label: 'PDF' | 'Excel' | 'CSV') {
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
}

// Typing without the default pause between keys keeps each file well under its time budget.
let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

describe(ReportView.name, () => {
  it('shows the title, who answered and when, the summary, the chart and each table with its numbers formatted', async () => {
    renderReports(<ReportView report={BEST_SELLERS} />, []);
    expect(await screen.findByRole('heading', { name: BEST_SELLERS.title })).toBeInTheDocument();
    const meta = screen.getByText(/^Generated/);
    expect(meta).toHaveTextContent(/Built-in analyst$/);
    expect(meta.querySelector('time')).toHaveAttribute('dateTime', BEST_SELLERS.generatedAt);
    expect(screen.getByText('“best sellers last month”')).toBeInTheDocument();
    expect(screen.getByText(/Oat milk led with £1,234\.50\.\s+Rye bread came second\./)).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Revenue by product' })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Best sellers, October 2026' });
    const [header, first] = within(table).getAllByRole('row');
    expect(within(header!).getByRole('columnheader', { name: 'Revenue' })).toHaveAttribute(
      'class',
      expect.stringContaining('alignRight'),
    );
    expect(await waitFor(() => cellsOf(first!))).toEqual(['1', 'Oat milk', '1,240', '£1,234.50', '61.3%']);
    expect(within(first!).getAllByRole('cell')[3]).toHaveAttribute(
      'class',
      expect.stringContaining('alignRight'),
    );
    expect(screen.getByText('All stores; refunds deducted.')).toBeInTheDocument();

    const empty = screen.getByRole('table', { name: 'Refunds' });
    expect(within(empty).getByText('No data available')).toBeInTheDocument();
    // Follow-ups are offered only where a question can be asked.
    expect(screen.queryByRole('group', { name: 'Ask next' })).not.toBeInTheDocument();
  });

  it('names the language model that answered, and offers the follow-ups when it can ask', async () => {
    const onAsk = vi.fn();
    renderReports(
      <ReportView
        report={{ ...BEST_SELLERS, provider: 'language-model', model: 'gpt-4.1-mini' }}
        onAsk={onAsk}
      />,
      [],
    );
    expect(await screen.findByText(/^Generated/)).toHaveTextContent(/gpt-4\.1-mini$/);
    const followUps = screen.getByRole('group', { name: 'Ask next' });
    await user.click(within(followUps).getByRole('button', { name: 'Which products are running out?' }));
    expect(onAsk).toHaveBeenCalledWith('Which products are running out?');
  });

  it("exports the report in the chosen format and saves it under the server's file name", async () => {
    const { names, blobs } = catchDownloads();
    const { requests } = renderReports(<ReportView report={BEST_SELLERS} />, [
      {
        path: EXPORT,
        answer: () =>
          new Response('%PDF-1.7', {
            status: 200,
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="best-sellers-2026-11-27.pdf"',
            },
          }),
      },
    ]);
    await screen.findByRole('heading', { name: BEST_SELLERS.title });
    await exportAs('PDF');
    await waitFor(() => expect(names).toEqual(['best-sellers-2026-11-27.pdf']));
    expect(await blobs[0]!.text()).toBe('%PDF-1.7');
    expect(sentTo(requests, EXPORT)).toEqual([{ reportId: REPORT_ID, format: 'pdf' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Failed to export report' when the export fails without a word, and the server's message when it has one", async () => {
    catchDownloads();
    let answer = () => new Response(null, { status: 500 });
    renderReports(<ReportView report={BEST_SELLERS} />, [{ path: EXPORT, answer: () => answer() }]);
    await screen.findByRole('heading', { name: BEST_SELLERS.title });
    await exportAs('Excel');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to export report');

    answer = () => jsonResponse(404, { code: 'NOT_FOUND', message: 'This report no longer exists.' });
    await exportAs('CSV');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This report no longer exists.'));
    // The server's words say what went wrong; the heading says what it was doing.
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to export report/);
  });

  it('opens Feature Locked when the plan has no export, without an error beside it', async () => {
    const { names } = catchDownloads();
    const { store } = renderReports(<ReportView report={BEST_SELLERS} />, [
      { path: EXPORT, answer: () => planRefusal() },
    ]);
    await screen.findByRole('heading', { name: BEST_SELLERS.title });
    await exportAs('PDF');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Export is part of the Advanced plan and above.');
    expect(store.getState().ui.upgradeModalOpen).toBe(true);
    expect(screen.queryByText('Failed to export report')).not.toBeInTheDocument();
    expect(names).toEqual([]);
  });

  it('keeps Export focusable while the file comes, and sends one export at a time', async () => {
    catchDownloads();
    let release: () => void = () => undefined;
    const { requests } = renderReports(<ReportView report={BEST_SELLERS} />, [
      {
        path: EXPORT,
        answer: () =>
          new Promise<Response>((resolve) => (release = () => resolve(new Response('a,b', { status: 200 })))),
      },
    ]);
    await screen.findByRole('heading', { name: BEST_SELLERS.title });
    await exportAs('CSV');
    const button = await screen.findByRole('button', { name: 'Exporting…' });
    // A disabled button would drop the focus the closing menu hands back to it.
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    release();
    await screen.findByRole('button', { name: 'Export' });
    expect(sentTo(requests, EXPORT)).toHaveLength(1);
  });

  it('shows a forecast asked as a question as the Forecast panel does: headline figures first, each day on request', async () => {
    renderReports(
      <ReportView report={{ ...FORECAST, kind: 'SUPREME', question: 'what will we sell next week' }} />,
      [],
    );
    expect(await screen.findByRole('heading', { name: FORECAST.title })).toBeInTheDocument();
    expect(screen.getByText('“what will we sell next week”')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Expected sales' })).toHaveTextContent('£700.00');
    expect(screen.getByRole('group', { name: 'Model' })).toHaveTextContent('Back-test error (MAPE) 8.4%');
    // The headline's table is read as the figures, not shown again as a table.
    expect(screen.queryByRole('table', { name: FORECAST.tables[0]!.title })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Sales per day, forecast' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show each day' }));
    expect(screen.getByRole('table', { name: 'Sales per day, forecast' })).toBeInTheDocument();
  });

  it('says there is nothing to draw instead of a chart whose every figure is zero', async () => {
    const flat = BEST_SELLERS.charts.map((chart) => ({
      ...chart,
      series: chart.series.map((series) => ({
        ...series,
        points: series.points.map((point) => ({ ...point, y: 0 })),
      })),
    }));
    renderReports(<ReportView report={{ ...BEST_SELLERS, charts: flat }} />, []);
    expect(await screen.findByText(CHART_EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Revenue by product' })).not.toBeInTheDocument();
  });

  it('makes a long table a scrollable region that takes keyboard focus, named apart from the table', async () => {
    const [table] = BEST_SELLERS.tables;
    const rows = Array.from({ length: 13 }, (_, index) => [
      index + 1,
      `Product ${index + 1}`,
      1,
      '1.00',
      '1.0',
    ]);
    renderReports(<ReportView report={{ ...BEST_SELLERS, tables: [{ ...table!, rows }] }} />, []);
    const region = await screen.findByRole('region', { name: `${table!.title}, scrollable` });
    expect(region).toHaveAttribute('tabIndex', '0');
    expect(within(region).getByRole('table', { name: table!.title })).toBeInTheDocument();
  });
});

describe('askedQuestion', () => {
  it('quotes only what a person typed: not the name a ready-made report or a forecast was asked by', () => {
    const report = { title: 'Best sellers, last 30 days', question: 'Best sellers' };
    expect(askedQuestion({ ...report, kind: 'ADVANCED' })).toBe('Best sellers');
    expect(askedQuestion({ ...report, kind: 'SUPREME' })).toBe('Best sellers');
    expect(askedQuestion({ ...report, kind: 'BASIC' })).toBeNull();
    expect(askedQuestion({ ...report, kind: 'FORECAST' })).toBeNull();
    expect(askedQuestion({ ...report, kind: 'ADVANCED', question: report.title })).toBeNull();
  });
});
