import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { EmptyNote, QueryView } from '../components/analytics-state';
import { useListAnalyticsStoresQuery } from '../components/analytics-choices.api';
import { toFilterBody, type SalesFilterDraft } from '../advanced/sales-filter';
import { useLockOnRefusal } from '../advanced/tier-access';
import {
  MAX_PIVOT_COLUMNS,
  PIVOT_COLUMN_LABELS,
  PIVOT_ROW_LABELS,
  buildPivot,
  monthColumns,
  storeColumns,
  type PivotColumnDimension,
  type PivotRowGroup,
} from './pivot';
import { PIVOT_MESSAGE, useSuperFilterPivotQuery } from './pivot.api';
import { PivotTable } from './pivot-table';
import { ExportCsvButton } from './export-csv-button';
import { csvFileName, pivotToCsv } from './table-csv';

export const PIVOT_EMPTY_TEXT =
  'No sales match this filter. Widen the range or clear some conditions, then Apply.';

type PivotPanelProps = {
  applied: SalesFilterDraft;
  onExport: (csv: string, fileName: string) => void;
  onLocked: () => void;
};

/**
 * The pivot of the applied filter: rows by product, category or store, columns by month or by
 * store, with totals. The filter's own grouping is the results table's; here rows and columns
 * are chosen apart, and the minimum and maximum apply to each row's total.
 */
/** Says what the table holds and which fields cut the rest, in the filter's own words. */
function hiddenRowsText(shown: number, hidden: number): string {
  return `The best ${shown} of ${shown + hidden} rows. Raise Rows, or change Min total and Max total, to see the other ${hidden}.`;
}

export function PivotPanel({ applied, onExport, onLocked }: PivotPanelProps) {
  const [rowGroup, setRowGroup] = useState<PivotRowGroup>('product');
  const [dimension, setDimension] = useState<PivotColumnDimension>('month');
  // Stores across stores would be a diagonal: rows by store take months as columns.
  const columnsBy: PivotColumnDimension = rowGroup === 'store' ? 'month' : dimension;
  const stores = useListAnalyticsStoresQuery(undefined, { skip: columnsBy !== 'store' });

  const columns = useMemo(() => {
    const base = { ...toFilterBody(applied), groupBy: rowGroup };
    delete base.minTotal;
    delete base.maxTotal;
    return columnsBy === 'month' ? monthColumns(applied.range, base) : storeColumns(stores.data ?? [], base);
  }, [applied, rowGroup, columnsBy, stores.data]);
  const isTooWide = columns.length > MAX_PIVOT_COLUMNS;
  const canAsk = columns.length > 0 && !isTooWide;
  const answer = useSuperFilterPivotQuery(columns, { skip: !canAsk });
  useLockOnRefusal(answer.error, onLocked);

  const options = {
    minTotal: applied.minTotal.trim(),
    maxTotal: applied.maxTotal.trim(),
    limit: Number(applied.limit),
  };
  const pivot = answer.data && canAsk ? buildPivot(columns, answer.data, options) : null;
  const rowLabel = PIVOT_ROW_LABELS[rowGroup];

  let body;
  if (isTooWide)
    body = (
      <EmptyNote
        text={`That is ${columns.length} months: a pivot shows at most ${MAX_PIVOT_COLUMNS}. Shorten the range, or put stores in the columns.`}
      />
    );
  else if (columnsBy === 'store' && stores.isError)
    body = <Alert severity="info">{getErrorMessage(stores.error)}: put months in the columns instead.</Alert>;
  else if (columnsBy === 'store' && stores.isSuccess && columns.length === 0)
    body = (
      <EmptyNote text="None of the chosen stores is active. Choose other stores, or put months in the columns." />
    );
  else
    body = (
      <QueryView
        status={{ ...answer, isLoading: answer.isLoading || stores.isLoading }}
        isEmpty={pivot !== null && pivot.rows.length === 0}
        emptyText={PIVOT_EMPTY_TEXT}
        height={320}
        loadingLabel="Loading the pivot"
        fallbackError={PIVOT_MESSAGE}
      >
        {pivot ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            {pivot.isTruncated ? (
              <Alert severity="warning">
                A column reached the call&apos;s limit of rows: its smallest groups may be missing. Narrow the
                filter to see them.
              </Alert>
            ) : null}
            <PivotTable
              pivot={pivot}
              rowLabel={rowLabel}
              caption={`Sales by ${rowLabel.toLowerCase()} and ${PIVOT_COLUMN_LABELS[columnsBy].toLowerCase()}`}
            />
            {pivot.hiddenRows > 0 ? (
              <EmptyNote minHeight={24} text={hiddenRowsText(pivot.rows.length, pivot.hiddenRows)} />
            ) : null}
          </Box>
        ) : null}
      </QueryView>
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField
          select
          label="Rows"
          value={rowGroup}
          onChange={(event) => setRowGroup(event.target.value as PivotRowGroup)}
          sx={{ width: 160 }}
        >
          {(Object.keys(PIVOT_ROW_LABELS) as PivotRowGroup[]).map((group) => (
            <MenuItem key={group} value={group}>
              {PIVOT_ROW_LABELS[group]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Columns"
          value={columnsBy}
          onChange={(event) => setDimension(event.target.value as PivotColumnDimension)}
          sx={{ width: 160 }}
        >
          <MenuItem value="month">{PIVOT_COLUMN_LABELS.month}</MenuItem>
          <MenuItem value="store" disabled={rowGroup === 'store'}>
            {PIVOT_COLUMN_LABELS.store}
          </MenuItem>
        </TextField>
        <Box sx={{ flex: 1 }} />
        <ExportCsvButton
          disabled={!pivot || pivot.rows.length === 0}
          onClick={() =>
            pivot &&
            onExport(pivotToCsv(pivot, rowLabel), csvFileName('pivot', applied.range.from, applied.range.to))
          }
        />
      </Box>
      {body}
    </Box>
  );
}
