import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PURCHASE_ORDER_STATUSES, isPermitted, type TPurchaseOrderSummary } from '@app/contracts';
import { useEffect, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { DataTable, NO_DATA_TEXT, type DataTableColumn } from '../../components/data-table/data-table';
import { EmptyState, ListToolbar, NoWrap } from '../../components/list-controls';
import { useListLocationChoicesQuery } from '../../components/location-picker.api';
import { PageHeader } from '../../components/page-header';
import { ReadError } from '../../components/read-error';
import { RouterLink } from '../../components/router-link';
import { useCanSeeCosts } from '../../hooks/use-can-see-costs';
import { selectRoles } from '../../session/session.slice';
import { OrderStatusChip } from './components/order-status-chip';
import { PURCHASING_ERRORS, STATUS_LABELS } from './messages';
import {
  NEW_ORDER_PATH,
  SUGGESTED_PATH,
  formatDay,
  formatInstantDay,
  orderPath,
  useOrderMoney,
} from './order-format';
import { useOrderListParams } from './order-list-params';
import { useListOrderSuppliersQuery, useListPurchaseOrdersQuery } from './purchasing.api';

export const NO_ORDERS_TEXT =
  'No purchase orders yet. Start from the suggested orders, or create one with New order.';
export const NO_ORDERS_READER_TEXT = 'No purchase orders yet.';
export const NO_MATCHING_ORDERS_TEXT = 'No purchase orders match the filters.';

const ALL = '';

type FilterSelectProps = {
  label: string;
  value: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  width: number;
  /** Shown for a value of the address that is not among the options (yet): loading, or gone. */
  unknownLabel?: string;
};

function MinWidth({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'block', minWidth: 140 }}>
      {children}
    </Box>
  );
}

/** A filter above the list: one choice, or all. */
function FilterSelect({
  label,
  value,
  allLabel,
  options,
  onChange,
  width,
  unknownLabel = '',
}: FilterSelectProps) {
  const isUnknown = value !== ALL && !options.some((option) => option.value === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width, bgcolor: 'background.paper' }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          renderValue: (chosen) =>
            chosen === ALL
              ? allLabel
              : (options.find((option) => option.value === chosen)?.label ?? unknownLabel),
        },
      }}
    >
      <MenuItem value={ALL}>{allLabel}</MenuItem>
      {isUnknown ? (
        // The address's value stays chosen (the list is filtered by it) without being offered.
        <MenuItem value={value} sx={{ display: 'none' }}>
          {unknownLabel}
        </MenuItem>
      ) : null}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * /dashboard/purchasing: the purchase orders, newest first, paged and filtered on the server;
 * the filters and the page live in the address (`?status=SENT&supplier=…&page=2`).
 */
export function PurchaseOrdersPage() {
  const roles = useSelector(selectRoles);
  const canSeeCosts = useCanSeeCosts();
  const canCreate = isPermitted(roles, 'inventory:create');
  const money = useOrderMoney();

  const list = useOrderListParams();
  const orders = useListPurchaseOrdersQuery({
    page: list.page,
    size: list.size,
    status: list.status || undefined,
    supplierId: list.supplierId || undefined,
    locationId: list.locationId || undefined,
  });
  // A page past the end (an old link, a list that shrank): the last page. currentData is this
  // address's answer, never the previous list's kept while this one loads.
  const totalPages = orders.currentData?.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && list.page >= totalPages)
      list.replacePage(totalPages - 1);
  }, [totalPages, list]);
  // Discontinued suppliers still have their old orders.
  const suppliers = useListOrderSuppliersQuery({ active: 'all' });
  const locations = useListLocationChoicesQuery();
  const isFiltered = list.status !== ALL || list.supplierId !== ALL || list.locationId !== ALL;

  const newOrderButton = canCreate ? (
    <Button component={RouterLink} to={NEW_ORDER_PATH} variant="contained" startIcon={<AddIcon />}>
      New order
    </Button>
  ) : null;

  // The server leaves the costs out for roles that see none: no empty Total column for them.
  const totalColumn: DataTableColumn<TPurchaseOrderSummary> = {
    id: 'totalCost',
    label: 'Total',
    numeric: true,
    format: (value) => <NoWrap>{money(value ?? '0.00')}</NoWrap>,
  };
  const columns: DataTableColumn<TPurchaseOrderSummary>[] = [
    {
      // The day it was created under the number, and the location under the supplier: nine
      // columns would not fit the 1024 px shell.
      id: 'orderNumber',
      label: 'Order',
      render: (order) => (
        <NoWrap>
          <Link component={RouterLink} to={orderPath(order.id)} sx={{ fontWeight: 500 }}>
            {order.orderNumber}
          </Link>
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
            Created {formatInstantDay(order.createdAt)}
          </Typography>
        </NoWrap>
      ),
    },
    // Short names stay on one line; long ones wrap.
    {
      id: 'supplierName',
      label: 'Supplier',
      render: (order) => (
        <MinWidth>
          {order.supplierName}
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {order.locationName}
          </Typography>
        </MinWidth>
      ),
    },
    { id: 'expectedAt', label: 'Expected', format: (value) => <NoWrap>{formatDay(value)}</NoWrap> },
    { id: 'lineCount', label: 'Lines', numeric: true },
    ...(canSeeCosts ? [totalColumn] : []),
    {
      id: 'receivedQuantity',
      label: 'Received',
      numeric: true,
      format: (value, order) => <NoWrap>{`${value} / ${order.orderedQuantity}`}</NoWrap>,
    },
    { id: 'status', label: 'Status', format: (value) => <OrderStatusChip status={value} /> },
  ];

  let emptyContent: ReactNode = NO_DATA_TEXT;
  if (!orders.isError) {
    emptyContent = isFiltered ? (
      NO_MATCHING_ORDERS_TEXT
    ) : (
      <EmptyState message={canCreate ? NO_ORDERS_TEXT : NO_ORDERS_READER_TEXT} action={newOrderButton} />
    );
  }
  const total = orders.data?.totalElements;

  return (
    <Box>
      <PageHeader
        title="Purchasing"
        subtitle="Orders to your suppliers, and what has arrived of them."
        actions={
          <>
            <Button
              component={RouterLink}
              to={SUGGESTED_PATH}
              variant="outlined"
              startIcon={<AutoAwesomeOutlinedIcon />}
            >
              Suggested orders
            </Button>
            {newOrderButton}
          </>
        }
      />
      <ListToolbar>
        <FilterSelect
          label="Status"
          value={list.status}
          allLabel="All statuses"
          options={PURCHASE_ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          onChange={(value) => list.setFilter('status', value)}
          width={180}
        />
        <FilterSelect
          label="Supplier"
          value={list.supplierId}
          allLabel="All suppliers"
          options={(suppliers.data?.content ?? []).map((supplier) => ({
            value: supplier.id,
            label: supplier.active ? supplier.name : `${supplier.name} (discontinued)`,
          }))}
          onChange={(value) => list.setFilter('supplierId', value)}
          width={220}
          unknownLabel={suppliers.isLoading ? 'Loading...' : 'Unknown supplier'}
        />
        <FilterSelect
          label="Location"
          value={list.locationId}
          allLabel="All locations"
          options={(locations.data ?? []).map((location) => ({ value: location.id, label: location.name }))}
          onChange={(value) => list.setFilter('locationId', value)}
          width={220}
          unknownLabel={locations.isLoading ? 'Loading...' : 'Unknown location'}
        />
      </ListToolbar>
      {orders.isError ? (
        <ReadError
          error={orders.error}
          fallback={PURCHASING_ERRORS.list}
          onRetry={() => void orders.refetch()}
          sx={{ mb: 2 }}
        />
      ) : null}
      <DataTable
        columns={columns}
        rows={orders.data?.content ?? []}
        title={total === undefined ? 'Purchase orders' : `${total} ${total === 1 ? 'order' : 'orders'}`}
        ariaLabel="Purchase orders"
        isLoading={orders.isFetching}
        isDense
        getRowLabel={(order) => order.orderNumber}
        emptyContent={emptyContent}
        pagination={{
          page: list.page,
          rowsPerPage: list.size,
          totalCount: total ?? 0,
          onPageChange: list.setPage,
          onRowsPerPageChange: list.setSize,
        }}
      />
    </Box>
  );
}
