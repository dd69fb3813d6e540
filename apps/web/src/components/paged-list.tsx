import Box from '@mui/material/Box';
import { DEFAULT_PAGE_SIZE, type TPage } from '@app/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useSettled } from '../lib/use-settled';
import { DataTable, NO_DATA_TEXT, type DataTableProps, type RowId } from './data-table/data-table';
import { EmptyState, ListToolbar, SearchField } from './list-controls';
import { ReadError } from './read-error';

/** Typing settles for this long before the server is asked. */
export const SEARCH_DELAY_MS = 300;

/**
 * What a list paged on the server asks for: the search once typing has paused, the page and its
 * size. A new search or a new `filterKey` (the filter or the order, as one string) starts at the
 * first page.
 */
export function usePagedList(filterKey: string) {
  const [searchInput, setSearchInput] = useState('');
  const search = useSettled(searchInput.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);

  const [asked, setAsked] = useState({ search, filterKey });
  if (asked.search !== search || asked.filterKey !== filterKey) {
    setAsked({ search, filterKey });
    setPage(0);
  }

  return { searchInput, setSearchInput, search, page, setPage, size, setSize };
}

export type PagedListState = ReturnType<typeof usePagedList>;

type PagedListProps<Row extends { id: RowId }> = Omit<
  DataTableProps<Row>,
  'rows' | 'isLoading' | 'pagination' | 'emptyContent' | 'title' | 'ariaLabel'
> & {
  paging: PagedListState;
  /** The page's read, as its query hook gives it. */
  query: {
    data?: TPage<Row>;
    isFetching: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  /** The list's name: the table's accessible name, and its title until the total is known. */
  title: string;
  /** The title once the total is known ("23 suppliers"). */
  countTitle: (total: number) => string;
  /** The search field's name ("Search suppliers"). */
  searchLabel: string;
  /** Beside the search: the active / discontinued filter, the order. */
  filters?: ReactNode;
  /** At the toolbar's right end (the list's own add button, where the page header has none). */
  toolbarAction?: ReactNode;
  /** The specification's text for a failed read. */
  errorFallback: string;
  /** A search or filter is on: an empty page says `noMatchText` instead of the empty state. */
  isFiltered: boolean;
  noMatchText: string;
  /** With no rows at all: what is missing and the next action. */
  emptyMessage: string;
  emptyAction?: ReactNode;
};

/**
 * A list paged, searched and filtered on the server (DESIGN 10 and 13): the search field and the
 * filters above the DataTable, the failure with Retry, the pager (another size starts at the
 * first page) and the empty states.
 */
export function PagedList<Row extends { id: RowId }>({
  paging,
  query,
  title,
  countTitle,
  searchLabel,
  filters,
  toolbarAction,
  errorFallback,
  isFiltered,
  noMatchText,
  emptyMessage,
  emptyAction,
  ...tableProps
}: PagedListProps<Row>) {
  const { searchInput, setSearchInput, page, setPage, size, setSize } = paging;
  const total = query.data?.totalElements;

  // The last row of the last page went (deleted, discontinued): show the page before it.
  const lastPage = query.data ? Math.max(0, query.data.totalPages - 1) : page;
  const isPastEnd = query.data !== undefined && !query.isFetching && page > lastPage;
  useEffect(() => {
    if (isPastEnd) setPage(lastPage);
  }, [isPastEnd, lastPage, setPage]);

  return (
    <>
      <ListToolbar>
        <SearchField value={searchInput} onChange={setSearchInput} label={searchLabel} />
        {filters}
        {toolbarAction ? (
          <>
            <Box sx={{ flex: 1 }} />
            {toolbarAction}
          </>
        ) : null}
      </ListToolbar>
      {query.isError ? (
        <ReadError
          error={query.error}
          fallback={errorFallback}
          onRetry={() => void query.refetch()}
          sx={{ mb: 2 }}
        />
      ) : null}
      <DataTable
        {...tableProps}
        title={total === undefined ? title : countTitle(total)}
        ariaLabel={title}
        rows={query.data?.content ?? []}
        isLoading={query.isFetching}
        pagination={{
          page,
          rowsPerPage: size,
          totalCount: total ?? 0,
          onPageChange: setPage,
          onRowsPerPageChange: (next) => {
            setSize(next);
            setPage(0);
          },
        }}
        emptyContent={
          query.isError ? (
            NO_DATA_TEXT
          ) : isFiltered ? (
            noMatchText
          ) : (
            <EmptyState message={emptyMessage} action={emptyAction} />
          )
        }
      />
    </>
  );
}
