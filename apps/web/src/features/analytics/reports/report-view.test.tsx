import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { sentTo } from '../analytics.test-kit';
import { ReportView } from './report-view';
import { BEST_SELLERS, REPORT_ID, catchDownloads, planRefusal, renderReports } from './reports.test-kit';

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
});
