import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderPanel } from '../movements-panel.test-kit';
import { formatWeek } from '../movement-format';
import { QUIET_WEEKS } from '../stock-movements.fixtures';
import { WeeklyMovementCard } from './weekly-movement-card';

const WEEKLY = '/api/stock-movement/weekly-movement/business';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function card() {
  return screen.getByRole('region', { name: 'Weekly movement' });
}

describe(WeeklyMovementCard.name, () => {
  it('draws units out and in per week, with a legend and the numbers in a table', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Units sent and received per week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(9);
    expect(within(rows[8]!).getByRole('rowheader')).toHaveTextContent(formatWeek('2026-11-16'));
    expect(
      within(rows[8]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['70', '56']);
    // The chart itself, loaded on demand: its legend names both series.
    await waitFor(() => expect(card().querySelector('.MuiChartsLegend-root')).not.toBeNull());
    expect(card().querySelector('.MuiChartsLegend-root')).toHaveTextContent(/Units out.*Units in/);
    expect(card().querySelector('svg')).not.toBeNull();
    // Out above in (70 against 56) is explained beside the chart, not left to look like a loss.
    expect(card()).toHaveTextContent(
      'Units on their way, or returned to the source by a cancelled transfer, count as sent only.',
    );
  });

  it('says so when nothing moved in the 8 weeks', async () => {
    renderPanel([{ path: WEEKLY, answer: () => jsonResponse(200, QUIET_WEEKS) }]);
    expect(
      await within(await screen.findByRole('region', { name: 'Weekly movement' })).findByText(
        'No stock moved in the last 8 weeks.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Units sent and received per week' })).toBeNull();
  });

  it("shows the specification's text when the summary fails", async () => {
    renderPanel([{ path: WEEKLY, answer: () => jsonResponse(500, {}) }]);
    expect(await screen.findByText('Failed to fetch weekly stock movement')).toBeInTheDocument();
  });
});
