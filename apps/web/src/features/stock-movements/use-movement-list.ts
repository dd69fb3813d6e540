import type { MovementStatus, TPage, TStockMovement } from '@app/contracts';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import type { DataTablePagination } from '../../components/data-table/data-table';
import { MOVEMENT_MESSAGES } from './messages';
import { useListMovementsQuery } from './stock-movements.api';

/** Typing pauses this long before the search goes out. */
export const SEARCH_DEBOUNCE_MS = 300;
const FIRST_PAGE_SIZE = 10;

export type MovementFilters = {
  status: MovementStatus | '';
  locationId: string;
  batchId: string;
};

export const NO_FILTERS: MovementFilters = { status: '', locationId: '', batchId: '' };

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The server-paged movement list: status, location and batch filters, a SKU search, and the
 * pager. Whatever changes what is listed starts again at the first page.
 */
export function useMovementList() {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<MovementFilters>(NO_FILTERS);
  const [paging, setPaging] = useState({ page: 0, size: FIRST_PAGE_SIZE });
  const query = useDebounced(search, SEARCH_DEBOUNCE_MS).trim();

  const [listed, setListed] = useState({ filters, query });
  if (listed.filters !== filters || listed.query !== query) {
    setListed({ filters, query });
    setPaging((current) => ({ ...current, page: 0 }));
  }

  const result = useListMovementsQuery({
    page: paging.page,
    size: paging.size,
    status: filters.status || undefined,
    locationId: filters.locationId || undefined,
    batchId: filters.batchId || undefined,
    search: query || undefined,
  });
  // While the next page or filter loads, the rows shown stay (under the table's progress bar).
  const data: TPage<TStockMovement> | undefined = result.currentData ?? result.data;

  // A cancel or a validation emptied the last page of a filtered list: show the one before it.
  const current = result.currentData;
  if (current && current.content.length === 0 && paging.page > 0 && paging.page >= current.totalPages) {
    setPaging({ ...paging, page: Math.max(0, current.totalPages - 1) });
  }

  const pagination: DataTablePagination = {
    page: paging.page,
    rowsPerPage: paging.size,
    totalCount: data?.totalElements ?? 0,
    onPageChange: (page) => setPaging((state) => ({ ...state, page })),
    onRowsPerPageChange: (size) => setPaging({ page: 0, size }),
  };

  const hasFilters =
    query !== '' || filters.status !== '' || filters.locationId !== '' || filters.batchId !== '';

  return {
    search,
    setSearch,
    query,
    filters,
    setFilter: <K extends keyof MovementFilters>(name: K, value: MovementFilters[K]) =>
      setFilters((state) => ({ ...state, [name]: value })),
    clearFilters: () => {
      setFilters(NO_FILTERS);
      setSearch('');
    },
    hasFilters,
    movements: data?.content ?? [],
    pagination,
    isLoading: result.isFetching,
    isFirstLoad: result.isLoading,
    error: result.isError ? getErrorMessage(result.error, MOVEMENT_MESSAGES.fetch) : null,
    refetch: result.refetch,
  };
}
