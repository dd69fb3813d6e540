import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TSalesTotals } from '@app/contracts';
import { describeWeekSoFar, formatPeriod, weekShare, type Change } from '../components/analytics-format';
import { AnalyticsCard, VISUALLY_HIDDEN_SX, QueryView } from '../components/analytics-state';
import { useMoneyFormat } from '../components/money';
import { useWeek } from './use-basic-queries';
import { formatCount } from '../../../lib/count';

export const NO_WEEK_SALES = 'No sales this week or last week yet. Sales recorded at the till show here.';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Behind last week while the week runs: read as the share reached ("50 % so far"), no arrow. */
const isBehind = (change: Change): change is Change & { percent: number } =>
  change.direction === 'flat' && change.percent !== null && change.percent !== 0;

function ChangeBadge({ change }: { change: Change }) {
  // A dash before "50 % so far" would read as "minus".
  const Icon =
    change.direction === 'up'
      ? ArrowUpwardIcon
      : change.direction === 'down'
        ? ArrowDownwardIcon
        : isBehind(change)
          ? null
          : RemoveIcon;
  const color =
    change.direction === 'up'
      ? 'success.main'
      : change.direction === 'down'
        ? 'error.main'
        : 'text.secondary';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color, ...numeric }}>
      {Icon ? <Icon sx={{ fontSize: 16 }} aria-hidden="true" /> : null}
      {change.text}
    </Box>
  );
}

type Row = { label: string; pick: (totals: TSalesTotals) => string | number; isMoney: boolean };

const ROWS: readonly Row[] = [
  { label: 'Sales', pick: (totals) => totals.totalSales, isMoney: true },
  { label: 'Transactions', pick: (totals) => totals.transactions, isMoney: false },
  { label: 'Units sold', pick: (totals) => totals.unitsSold, isMoney: false },
];

/**
 * This week so far against the whole of last week (the business's weeks start on Monday). The
 * headline is the sales change in %, or the share of last week reached while behind it (a week
 * in progress is not a fall); the table gives the figures behind it.
 */
export function WeekCard({ storeId }: { storeId: string | null }) {
  const money = useMoneyFormat();
  const week = useWeek(storeId);
  const data = week.data;
  const show = (row: Row, totals: TSalesTotals) => {
    const value = row.pick(totals);
    return row.isMoney ? money.format(value) : formatCount(Number(value));
  };
  const salesChange = data ? describeWeekSoFar(data.thisWeek.totalSales, data.lastWeek.totalSales) : null;

  return (
    <AnalyticsCard
      title="This week"
      subtitle={
        data ? `Since Monday ${formatPeriod(data.weekStart, 'daily')}, against all of last week.` : undefined
      }
    >
      <QueryView
        status={week}
        isEmpty={Boolean(data && data.thisWeek.transactions === 0 && data.lastWeek.transactions === 0)}
        emptyText={NO_WEEK_SALES}
        height={200}
        loadingLabel="Loading this week's sales"
      >
        {data && salesChange ? (
          <>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
              <Typography variant="h4" component="p" sx={{ ...numeric, fontWeight: 600 }}>
                {money.format(data.thisWeek.totalSales)}
              </Typography>
              <Typography variant="body2" component="p">
                {isBehind(salesChange) ? (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {weekShare(salesChange.percent)} % of last week so far
                  </Box>
                ) : (
                  <>
                    <ChangeBadge change={salesChange} />{' '}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      vs last week
                    </Box>
                  </>
                )}
              </Typography>
            </Box>
            <Table size="small" aria-label="This week against last week">
              <TableHead>
                <TableRow>
                  <TableCell>
                    {/* A header cell with no words reads as a hole to a screen reader. */}
                    <Box component="span" sx={VISUALLY_HIDDEN_SX}>
                      Measure
                    </Box>
                  </TableCell>
                  <TableCell align="right">This week</TableCell>
                  <TableCell align="right">Last week</TableCell>
                  <TableCell align="right">Change</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {ROWS.map((row) => (
                  <TableRow key={row.label}>
                    <TableCell component="th" scope="row">
                      {row.label}
                    </TableCell>
                    <TableCell align="right" sx={numeric}>
                      {show(row, data.thisWeek)}
                    </TableCell>
                    <TableCell align="right" sx={numeric}>
                      {show(row, data.lastWeek)}
                    </TableCell>
                    <TableCell align="right">
                      <ChangeBadge
                        change={describeWeekSoFar(row.pick(data.thisWeek), row.pick(data.lastWeek))}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : null}
      </QueryView>
    </AnalyticsCard>
  );
}
