import Button from '@mui/material/Button';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPage } from '@app/contracts';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../api/api-error';
import { renderWithProviders } from '../test/render';
import { StatusFilter, type ActiveFilter } from './list-controls';
import { PagedList, SEARCH_DELAY_MS, usePagedList, type PagedListState } from './paged-list';

type Thing = { id: string; name: string };

const things = (count: number) =>
  Array.from({ length: count }, (_unused, index) => ({ id: `t${index}`, name: `Thing ${index + 1}` }));

function pageOf(items: Thing[], page: number, size: number): TPage<Thing> {
  return {
    content: items.slice(page * size, page * size + size),
    page,
    size,
    totalElements: items.length,
    totalPages: Math.ceil(items.length / size),
  };
}

type Query = { isFetching?: boolean; isError?: boolean; error?: unknown };

/** A page as a feature writes one; the "server" is the items given, paged at once. */
function Things({
  items,
  query = {},
  onAsk = () => undefined,
  onRetry = () => undefined,
}: {
  items: Thing[];
  query?: Query;
  onAsk?: (paging: PagedListState, filter: ActiveFilter) => void;
  onRetry?: () => void;
}) {
  const [filter, setFilter] = useState<ActiveFilter>('active');
  const paging = usePagedList(filter);
  onAsk(paging, filter);
  return (
    <PagedList
      paging={paging}
      query={{
        data: query.isError ? undefined : pageOf(items, paging.page, paging.size),
        isFetching: query.isFetching ?? false,
        isError: query.isError ?? false,
        error: query.error,
        refetch: onRetry,
      }}
      title="Things"
      countTitle={(total) => `${total} things`}
      searchLabel="Search things"
      filters={<StatusFilter value={filter} onChange={setFilter} />}
      errorFallback="Could not list the things."
      isFiltered={paging.search !== '' || filter !== 'active'}
      noMatchText="No things match."
      emptyMessage="No things yet. Add your first thing."
      emptyAction={<Button>Add thing</Button>}
      columns={[{ id: 'name', label: 'Name' }]}
      getRowLabel={(thing) => thing.name}
    />
  );
}

describe(PagedList.name, () => {
  it('puts the search and the filters above the table, titled by the total', () => {
    renderWithProviders(<Things items={things(12)} />);
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Show' })).toBeInTheDocument();
    expect(screen.getByText('12 things')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Things' })).getAllByRole('row')).toHaveLength(11);
  });

  it('goes back to the first page for a new search, a new filter or another page size', async () => {
    const asked: { page: number; size: number; search: string; filter: ActiveFilter }[] = [];
    renderWithProviders(
      <Things
        items={things(30)}
        onAsk={({ page, size, search }, filter) => asked.push({ page, size, search, filter })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(asked.at(-1)).toMatchObject({ page: 1 });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search things' }), 'Thing');
      expect(asked.at(-1)).toMatchObject({ page: 1, search: '' });
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
      expect(asked.at(-1)).toMatchObject({ page: 0, search: 'Thing' });
    } finally {
      vi.useRealTimers();
    }

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(asked.at(-1)).toMatchObject({ page: 0, filter: 'all' });

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    expect(asked.at(-1)).toMatchObject({ page: 0, size: 25 });
  });

  it('shows the page before when the last page has no rows any more', async () => {
    const asked: number[] = [];
    const { rerender } = renderWithProviders(
      <Things items={things(11)} onAsk={({ page }) => asked.push(page)} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(asked.at(-1)).toBe(1);
    rerender(<Things items={things(10)} onAsk={({ page }) => asked.push(page)} />);
    expect(asked.at(-1)).toBe(0);
    expect(screen.getByText('Thing 10')).toBeInTheDocument();
  });

  it('names the next action when there are none, and says no match under a search or filter', async () => {
    renderWithProviders(<Things items={[]} />);
    expect(screen.getByText('No things yet. Add your first thing.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add thing' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discontinued' }));
    expect(screen.getByText('No things match.')).toBeInTheDocument();
  });

  it('shows a failed read with the server’s message and Retry', async () => {
    const onRetry = vi.fn();
    const error: ApiError = { status: 500, code: null, message: 'The list is resting.', fieldErrors: {} };
    renderWithProviders(<Things items={[]} query={{ isError: true, error }} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The list is resting.');
    expect(screen.getByText('No data available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
