import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TSaleSummary, TStore } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
} from '../../../components/data-table/data-table';
import { EmptyState, RowAction } from '../../../components/list-controls';
import {
  KIND_LABELS,
  PAYMENT_LABELS,
  formatDayAndTime,
  formatDeduction,
  formatMoney,
  toCents,
} from '../format';
import { NO_SALES_TEXT, TILL_MESSAGES } from '../messages';
import { useListSalesQuery } from '../till.api';
import { SaleDialog } from './sale-dialog';

const FIRST_PAGE_SIZE = 10;

function describeSale(sale: TSaleSummary): string {
  const { day, time } = formatDayAndTime(sale.soldAt);
  return `${KIND_LABELS[sale.kind].toLowerCase()} of ${day}, ${time}`;
}

/** The store's sales and refunds, newest first, paged on the server; a row opens its lines. */
export function RecentSales({ store, canRefund }: { store: TStore; canRefund: boolean }) {
  const [paging, setPaging] = useState({ page: 0, size: FIRST_PAGE_SIZE });
  const result = useListSalesQuery({ storeId: store.id, ...paging });
  // While the next page loads, the rows shown stay (under the table's progress bar).
  const data = result.currentData ?? result.data;
  const [open, setOpen] = useState<{ saleId: string; startsRefunding: boolean } | null>(null);

  const pagination: DataTablePagination = {
    page: paging.page,
    rowsPerPage: paging.size,
    totalCount: data?.totalElements ?? 0,
    onPageChange: (page) => setPaging((current) => ({ ...current, page })),
    onRowsPerPageChange: (size) => setPaging({ page: 0, size }),
  };

  const columns: DataTableColumn<TSaleSummary>[] = [
    {
      id: 'soldAt',
      label: 'Time',
      render: (sale) => {
        const { day, time } = formatDayAndTime(sale.soldAt);
        return (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setOpen({ saleId: sale.id, startsRefunding: false })}
            // The visible day and time first, so that speech input can name it (WCAG 2.5.3).
            aria-label={`${day} ${time}, the lines of this ${KIND_LABELS[sale.kind].toLowerCase()}`}
            sx={{ textAlign: 'left', whiteSpace: 'nowrap' }}
          >
            {day}{' '}
            <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 0.5 }}>
              {time}
            </Typography>
          </Link>
        );
      },
    },
    {
      id: 'kind',
      label: 'Kind',
      render: (sale) =>
        sale.kind === 'REFUND' ? (
          <Chip size="small" variant="outlined" icon={<UndoIcon />} label={KIND_LABELS.REFUND} />
        ) : (
          <Chip size="small" variant="outlined" color="primary" label={KIND_LABELS.SALE} />
        ),
    },
    {
      id: 'unitsSold',
      label: 'Items',
      numeric: true,
      render: (sale) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {sale.unitsSold}
          <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 0.75 }}>
            {sale.lineCount} {sale.lineCount === 1 ? 'line' : 'lines'}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'total',
      label: 'Total',
      numeric: true,
      render: (sale) => (
        <Box
          component="span"
          sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {formatMoney(sale.total)}
          {toCents(sale.loyaltyDiscount) !== 0 ? (
            <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 0.75 }}>
              reward {formatDeduction(sale.loyaltyDiscount)}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    { id: 'paymentMethod', label: 'Payment', format: (method) => PAYMENT_LABELS[method] },
    {
      id: 'customerRef',
      label: 'Customer',
      // An e-mail is one long word: without a break it pushed the Actions column out of the card
      // at 1024 px (seen on the till's screenshot).
      render: (sale) =>
        sale.customerRef ? (
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {sale.customerRef}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            —
          </Typography>
        ),
    },
    // Refunding is the only row action: without sales:refund the column would stand empty.
    ...(canRefund
      ? [
          {
            id: 'actions',
            label: 'Actions',
            render: (sale: TSaleSummary) =>
              sale.kind === 'SALE' ? (
                <RowAction
                  title="Refund"
                  rowLabel={describeSale(sale)}
                  icon={<UndoIcon fontSize="small" />}
                  onClick={() => setOpen({ saleId: sale.id, startsRefunding: true })}
                />
              ) : null,
          } satisfies DataTableColumn<TSaleSummary>,
        ]
      : []),
  ];

  return (
    <Box>
      {result.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void result.refetch()}>
              Retry
            </Button>
          }
        >
          {getErrorMessage(result.error, TILL_MESSAGES.sales)}
        </Alert>
      ) : null}
      <DataTable
        title={`Recent sales at ${store.name}`}
        ariaLabel="Recent sales"
        columns={columns}
        rows={data?.content ?? []}
        isLoading={result.isFetching}
        pagination={pagination}
        isDense
        maxHeight={480}
        getRowLabel={describeSale}
        emptyContent={result.isError ? 'No data available' : <EmptyState message={NO_SALES_TEXT} />}
      />
      {open ? (
        <SaleDialog
          key={open.saleId}
          saleId={open.saleId}
          startsRefunding={open.startsRefunding}
          canRefund={canRefund}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Box>
  );
}
