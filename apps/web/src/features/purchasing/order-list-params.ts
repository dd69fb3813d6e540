import { DEFAULT_PAGE_SIZE, PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '@app/contracts';
import { useSearchParams } from 'react-router';
import { PAGER_ROWS_PER_PAGE_OPTIONS } from '../../components/data-table/data-table';

/** The orders list as its address says: the filters ('' for all), the page from 0 and its size. */
export type OrderListState = {
  status: PurchaseOrderStatus | '';
  supplierId: string;
  locationId: string;
  page: number;
  size: number;
};

export type OrderListFilter = 'status' | 'supplierId' | 'locationId';

/** Names in the address: short, and the page counted from 1 as people read it. */
const PARAM: Record<OrderListFilter | 'page' | 'size', string> = {
  status: 'status',
  supplierId: 'supplier',
  locationId: 'location',
  page: 'page',
  size: 'size',
};

// Ids the server would refuse with 400 (a hand-edited or cut address) read as no filter.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readId(value: string | null): string {
  return value && UUID.test(value) ? value : '';
}

function readStatus(value: string | null): PurchaseOrderStatus | '' {
  return PURCHASE_ORDER_STATUSES.find((status) => status === value) ?? '';
}

/** The list an address stands for; anything it cannot read falls back to the unfiltered first page. */
export function readOrderListParams(params: URLSearchParams): OrderListState {
  const page = Number(params.get(PARAM.page));
  const size = Number(params.get(PARAM.size));
  return {
    status: readStatus(params.get(PARAM.status)),
    supplierId: readId(params.get(PARAM.supplierId)),
    locationId: readId(params.get(PARAM.locationId)),
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    size: PAGER_ROWS_PER_PAGE_OPTIONS.find((option) => option === size) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The address of a list: only what differs from the unfiltered first page of ten. */
export function writeOrderListParams(state: OrderListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status) params.set(PARAM.status, state.status);
  if (state.supplierId) params.set(PARAM.supplierId, state.supplierId);
  if (state.locationId) params.set(PARAM.locationId, state.locationId);
  if (state.page > 0) params.set(PARAM.page, String(state.page + 1));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set(PARAM.size, String(state.size));
  return params;
}

/**
 * The orders list's filters and page kept in the address, so back and forward step through the
 * lists seen and a reload or a shared link opens the same one. Another filter or size starts at
 * the first page; `replacePage` corrects a page past the end without a history step of its own.
 */
export function useOrderListParams() {
  const [params, setParams] = useSearchParams();
  const state = readOrderListParams(params);
  const go = (next: OrderListState, replace = false) => setParams(writeOrderListParams(next), { replace });
  return {
    ...state,
    setFilter: (name: OrderListFilter, value: string) => go({ ...state, [name]: value, page: 0 }),
    setPage: (page: number) => go({ ...state, page }),
    setSize: (size: number) => go({ ...state, size, page: 0 }),
    replacePage: (page: number) => go({ ...state, page }, true),
  };
}
