import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatCount } from '../../../lib/count';
import { lastDays, type DayRange } from '../analytics-range';
import { useMarginByCategoryQuery } from '../analytics.api';
import { formatMarginPercent } from '../components/analytics-format';
import { useListAnalyticsCategoriesQuery } from '../components/analytics-choices.api';
import { AnalyticsCard, QueryView } from '../components/analytics-state';
import { useMoneyFormat } from '../components/money';
import { RangePicker } from '../components/range-picker';
import { StorePicker } from '../components/store-picker';
import { CategoryMarginChart } from './category-margin-chart';
import {
  describeUnitsWithoutCost,
  nameMarginRows,
  sortByMargin,
  toMarginBody,
  unitsWithoutCost,
  type NamedMarginRow,
} from './margin-by-category';
import { useLockOnRefusal } from './tier-access';

export const MARGIN_MESSAGE = 'Failed to fetch margin by category';
export const NO_MARGIN_TEXT = 'No sales in this period. Pick a longer range or another store.';
export const MARGIN_TABLE_LABEL = 'Margin by category';
export const MARGIN_CHART_LABEL = 'Margin per category';
/** The bars and the table share one order, and the card says which. */
export const MARGIN_ORDER_TEXT =
  'What each category earned after the cost of what it sold, highest margin first.';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function MarginTable({ rows }: { rows: readonly NamedMarginRow[] }) {
  const money = useMoneyFormat();
  return (
    <TableContainer>
      <Table size="small" aria-label={MARGIN_TABLE_LABEL}>
        <TableHead>
          <TableRow>
            <TableCell>Category</TableCell>
            <TableCell align="right">Units</TableCell>
            <TableCell align="right">Sales</TableCell>
            <TableCell align="right">Cost</TableCell>
            <TableCell align="right">Margin</TableCell>
            <TableCell align="right">Margin %</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key ?? 'none'}>
              <TableCell component="th" scope="row" sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
                {row.label}
                {row.place ? (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {row.place}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatCount(row.quantity)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {money.format(row.totalPrice)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {money.format(row.cost)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {money.format(row.margin)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatMarginPercent(row.marginPercent)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * `POST /margin-by-category` (ANALYTICS_ADVANCED): what each category earned after the cost its
 * sale lines recorded, for a range and one store or all. Units sold without a known cost count at
 * no cost on the server, so their money is all margin: the note under the table says how many, and
 * how to give them a cost, so a high margin is not taken at its word.
 */
export function MarginByCategoryPanel({ onLocked }: { onLocked: () => void }) {
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const [storeId, setStoreId] = useState<string | null>(null);
  const margins = useMarginByCategoryQuery(toMarginBody(range, storeId));
  useLockOnRefusal(margins.error, onLocked);
  const categories = useListAnalyticsCategoriesQuery();
  const rows = sortByMargin(nameMarginRows(margins.data ?? [], categories.data));
  const note = describeUnitsWithoutCost(unitsWithoutCost(rows));

  return (
    <AnalyticsCard title="Margin by category" subtitle={MARGIN_ORDER_TEXT}>
      <Box
        role="toolbar"
        aria-label="Range and store"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 1 }}
      >
        <RangePicker value={range} onChange={setRange} />
        <StorePicker value={storeId} onChange={setStoreId} />
      </Box>
      <QueryView
        status={margins}
        isEmpty={rows.length === 0}
        emptyText={NO_MARGIN_TEXT}
        height={320}
        loadingLabel="Loading margin by category"
        fallbackError={MARGIN_MESSAGE}
      >
        {/* The bars first, for the overview; the figures under them, then why a margin may read high. */}
        <Box sx={{ mb: 2 }}>
          <CategoryMarginChart rows={rows} label={MARGIN_CHART_LABEL} />
        </Box>
        <MarginTable rows={rows} />
        {note ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {note}
          </Typography>
        ) : null}
      </QueryView>
    </AnalyticsCard>
  );
}
