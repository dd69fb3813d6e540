import type { TActiveFilter, TPage, TStockRow } from '@app/contracts';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import type { DataTablePagination } from '../../components/data-table/data-table';
import { useListStockQuery } from './inventory.api';
import { INVENTORY_MESSAGES } from './messages';

/** Typing pauses this long before the search goes out. */
export const SEARCH_DEBOUNCE_MS = 300;
const FIRST_PAGE_SIZE = 10;

export function useDebounced(value: string, delayMs: number = SEARCH_DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The server-paged stock of one location: the search (SKU or name), the active / retired filter,
 * the low-stock filter and the pager. Whatever changes what is listed starts at the first page.
 */
export function useStockList(locationId: string, isLowStockAtFirst: boolean = false) {
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<TActiveFilter>('true');
  const [isLowStock, setIsLowStock] = useState(isLowStockAtFirst);
  const [paging, setPaging] = useState({ page: 0, size: FIRST_PAGE_SIZE });
  const query = useDebounced(search).trim();

  const [listed, setListed] = useState({ locationId, active, query, isLowStock });
  if (
    listed.locationId !== locationId ||
    listed.active !== active ||
    listed.query !== query ||
    listed.isLowStock !== isLowStock
  ) {
    setListed({ locationId, active, query, isLowStock });
    setPaging((current) => ({ ...current, page: 0 }));
  }

  const result = useListStockQuery({ locationId, active, search: query, isLowStock, ...paging });
  // While the next page or filter loads, the rows shown stay (under a progress bar), unless they
  // are another location's.
  const data: TPage<TStockRow> | undefined =
    result.currentData ??
    (result.data?.content.every((row) => row.locationId === locationId) ? result.data : undefined);

  // A deletion emptied the last page: show the one before it.
  const current = result.currentData;
  if (current && current.content.length === 0 && paging.page > 0 && paging.page >= current.totalPages) {
    setPaging({ ...paging, page: Math.max(0, current.totalPages - 1) });
  }

  const pagination: DataTablePagination = {
    page: paging.page,
    rowsPerPage: paging.size,
    totalCount: data?.totalElements ?? 0,
    onPageChange: (page) => setPaging((previous) => ({ ...previous, page })),
    onRowsPerPageChange: (size) => setPaging({ page: 0, size }),
  };

  return {
    search,
    setSearch,
    query,
    active,
    setActive,
    isLowStock,
    setIsLowStock,
    rows: data?.content ?? [],
    pagination,
    isLoading: result.isFetching,
    error: result.isError ? getErrorMessage(result.error, INVENTORY_MESSAGES.fetch) : null,
    refetch: result.refetch,
  };
}
