import type { TActiveFilter, TPage, TProduct } from '@app/contracts';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import type { DataTablePagination } from '../../components/data-table/data-table';
import { PRODUCT_MESSAGES } from './messages';
import { useListProductsQuery, useSearchProductsQuery } from './products.api';

/** Typing pauses this long before the search goes out. */
export const SEARCH_DEBOUNCE_MS = 300;
const FIRST_PAGE_SIZE = 10;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * One server-paged list of a location's products: the status filter, a search that switches to
 * the SKU search once the trimmed text is not empty, and the pager. A new location, filter or
 * search starts again at the first page.
 */
export function useProductList(locationId: string, initialFilter: TActiveFilter = 'true') {
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<TActiveFilter>(initialFilter);
  const [paging, setPaging] = useState({ page: 0, size: FIRST_PAGE_SIZE });
  const query = useDebounced(search, SEARCH_DEBOUNCE_MS).trim();

  // The first page again whenever what is listed changes.
  const [listed, setListed] = useState({ locationId, active, query });
  if (listed.locationId !== locationId || listed.active !== active || listed.query !== query) {
    setListed({ locationId, active, query });
    setPaging((current) => ({ ...current, page: 0 }));
  }

  const args = { locationId, active, page: paging.page, size: paging.size };
  const list = useListProductsQuery(args, { skip: query !== '' });
  const found = useSearchProductsQuery({ ...args, query }, { skip: query === '' });
  const result = query === '' ? list : found;
  // While the next page or filter loads, the rows shown stay (under a progress bar), unless they
  // are another location's.
  const data: TPage<TProduct> | undefined =
    result.currentData ??
    (result.data?.content.every((product) => product.locationId === locationId) ? result.data : undefined);

  // A delete emptied the last page: show the one before it.
  const current = result.currentData;
  if (current && current.content.length === 0 && paging.page > 0 && paging.page >= current.totalPages) {
    setPaging({ ...paging, page: Math.max(0, current.totalPages - 1) });
  }

  const pagination: DataTablePagination = {
    page: paging.page,
    rowsPerPage: paging.size,
    totalCount: data?.totalElements ?? 0,
    onPageChange: (page) => setPaging((current) => ({ ...current, page })),
    onRowsPerPageChange: (size) => setPaging({ page: 0, size }),
  };

  return {
    search,
    setSearch,
    query,
    active,
    setActive,
    products: data?.content ?? [],
    pagination,
    isLoading: result.isFetching,
    isFirstLoad: result.isLoading,
    error: result.isError ? getErrorMessage(result.error, PRODUCT_MESSAGES.fetchByLocation) : null,
    refetch: result.refetch,
  };
}
