import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AnalyticsGroup, TSalesGroupRow } from '@app/contracts';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { toCents } from '../../../lib/money';
import { formatMarginPercent, formatPeriod } from '../components/analytics-format';
import { useMoneyFormat } from '../components/money';
import { GROUP_LABELS, withNoDataRow, type FilterResultRow } from './sales-filter';
import { formatCount } from '../../../lib/count';

/** Money as cents, so the columns sort by amount rather than as text. */
type ResultRow = FilterResultRow & { totalCents: number; costCents: number; marginCents: number };

/** A figure of a numeric column: digits of one width so the column lines up, on one line. */
function Figure({ text }: { text: string }) {
  return (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  );
}

type FilterResultsTableProps = {
  rows: readonly TSalesGroupRow[] | undefined;
  groupBy: AnalyticsGroup;
  isLoading: boolean;
};

/**
 * A long name on one line, whole in its tooltip. With the margin's three columns the table fits
 * the 1024 px shell only with names cut at 180 px; from 1200 px there is room for 320.
 */
function Truncated({ text }: { text: string }) {
  return (
    <Tooltip title={text} placement="bottom-start">
      <Typography variant="body2" noWrap sx={{ maxWidth: { xs: 180, lg: 320 } }}>
        {text}
      </Typography>
    </Tooltip>
  );
}

/**
 * The filter's answer in the reusable data table, best first (days in date order), with what each
 * group cost and earned. An empty
 * answer is one 'No Data' row with zero quantity and price (001 section 4), not an empty table.
 * Its title says what the rows are ("Sales by store"): the data table's default 'Table' told a
 * shop owner nothing.
 */
export function FilterResultsTable({ rows, groupBy, isLoading }: FilterResultsTableProps) {
  const money = useMoneyFormat();
  const shown = useMemo<ResultRow[]>(
    () =>
      isLoading && !rows
        ? []
        : withNoDataRow(rows).map((row) => ({
            ...row,
            totalCents: toCents(row.totalPrice),
            costCents: toCents(row.cost),
            marginCents: toCents(row.margin),
          })),
    [rows, isLoading],
  );
  const hasTransactions = shown.some((row) => row.transactions !== undefined);

  const columns: DataTableColumn<ResultRow>[] = [
    {
      id: 'label',
      label: GROUP_LABELS[groupBy],
      // Days arrive as yyyy-MM-dd (which sorts); they read as dates.
      render: (row) => (
        <Truncated
          text={groupBy === 'day' && !row.isPlaceholder ? formatPeriod(row.label, 'daily', true) : row.label}
        />
      ),
    },
    ...(groupBy === 'product'
      ? [
          {
            id: 'sku' as const,
            label: 'SKU',
            // "WIN-0003" broke at its hyphen onto two lines.
            format: (sku: string | undefined) => <Box sx={{ whiteSpace: 'nowrap' }}>{sku ?? ''}</Box>,
          },
        ]
      : []),
    {
      id: 'quantity',
      label: 'Quantity',
      numeric: true,
      format: (value: number) => <Figure text={formatCount(value)} />,
    },
    ...(hasTransactions
      ? [
          {
            id: 'transactions' as const,
            label: 'Transactions',
            numeric: true,
            format: (value: number | undefined) =>
              value === undefined ? '' : <Figure text={formatCount(value)} />,
          },
        ]
      : []),
    {
      id: 'totalCents',
      label: 'Total',
      numeric: true,
      format: (cents: number) => <Figure text={money.format(cents)} />,
    },
    {
      id: 'costCents',
      label: 'Cost',
      numeric: true,
      format: (cents: number) => <Figure text={money.format(cents)} />,
    },
    {
      id: 'marginCents',
      label: 'Margin',
      numeric: true,
      format: (cents: number) => <Figure text={money.format(cents)} />,
    },
    {
      id: 'marginPercent',
      label: 'Margin %',
      numeric: true,
      format: (percent: number | null) => <Figure text={formatMarginPercent(percent)} />,
    },
  ];

  return (
    <DataTable
      // A new grouping brings other columns: start its sort afresh.
      key={groupBy}
      title={`Sales by ${GROUP_LABELS[groupBy].toLowerCase()}`}
      columns={columns}
      rows={shown}
      isLoading={isLoading}
      initialOrderBy={groupBy === 'day' ? 'label' : 'totalCents'}
      initialOrder={groupBy === 'day' ? 'asc' : 'desc'}
      getRowLabel={(row) => row.label}
      // Seven columns with the margin's three: the narrower padding keeps them in the 1024 px shell.
      isDense
    />
  );
}
