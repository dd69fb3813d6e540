import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { lastDays, rangeParams, type DayRange } from '../analytics-range';
import {
  useTotalBusinessQuery,
  useTotalStoreQuery,
  useTrendsBusinessQuery,
  useTrendsStoreQuery,
} from '../analytics.api';
import { describeChange, formatPeriod } from '../components/analytics-format';
import { AnalyticsCard, VISUALLY_HIDDEN_SX, QueryView } from '../components/analytics-state';
import { useMoneyFormat } from '../components/money';
import { RangePicker } from '../components/range-picker';
import { StorePicker } from '../components/store-picker';
import { useChartAccent } from '../components/chart-accent';
import { CHART_FIGURE_SX } from '../components/trend-chart';
import { useLockOnRefusal } from './tier-access';
import { compareTotals, overlayByDay, previousRange, type DayOverlay } from './period-comparison';
import { formatCount } from '../../../lib/count';

export const COMPARISON_EMPTY_TEXT =
  'Neither period has sales. Pick other periods or record a sale at the till.';

/** Totals and the daily trend of one period, for the whole business or one store. */
function usePeriod(range: DayRange, storeId: string | null) {
  const params = rangeParams(range);
  const byStore = storeId !== null;
  const businessTotals = useTotalBusinessQuery(params, { skip: byStore });
  const storeTotals = useTotalStoreQuery({ ...params, storeId: storeId ?? '' }, { skip: !byStore });
  const businessTrend = useTrendsBusinessQuery({ ...params, interval: 'daily' }, { skip: byStore });
  const storeTrend = useTrendsStoreQuery(
    { ...params, storeId: storeId ?? '', interval: 'daily' },
    { skip: !byStore },
  );
  return { totals: byStore ? storeTotals : businessTotals, trend: byStore ? storeTrend : businessTrend };
}

function ChangeCell({
  difference,
  base,
  format,
}: {
  difference: number;
  base: number;
  format: (v: number) => string;
}) {
  const change = describeChange(base + difference, base);
  const color =
    change.direction === 'up'
      ? 'success.main'
      : change.direction === 'down'
        ? 'error.main'
        : 'text.secondary';
  const sign = difference > 0 ? '+' : difference < 0 ? '−' : '';
  return (
    <>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color }}>
        {sign}
        {format(Math.abs(difference))}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color }}>
        {change.text}
      </TableCell>
    </>
  );
}

function OverlayChart({ overlay, label }: { overlay: DayOverlay; label: string }) {
  const money = useMoneyFormat();
  const accent = useChartAccent();
  const [asTable, setAsTable] = useState(false);
  const day = (value: string | null) => (value ? formatPeriod(value, 'daily', true) : '—');
  const amount = (cents: number | null) => (cents === null ? '—' : money.format(cents));
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
        <Button size="small" onClick={() => setAsTable((shown) => !shown)}>
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </Box>
      {asTable ? (
        <TableContainer sx={{ maxHeight: 300 }}>
          <Table size="small" stickyHeader aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell align="right">Day</TableCell>
                <TableCell>First period</TableCell>
                <TableCell align="right">Sales</TableCell>
                <TableCell>Second period</TableCell>
                <TableCell align="right">Sales</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {overlay.days.map((number, index) => (
                <TableRow key={number}>
                  <TableCell align="right" component="th" scope="row">
                    {number}
                  </TableCell>
                  <TableCell>{day(overlay.firstDates[index] ?? null)}</TableCell>
                  <TableCell align="right">{amount(overlay.first[index] ?? null)}</TableCell>
                  <TableCell>{day(overlay.secondDates[index] ?? null)}</TableCell>
                  <TableCell align="right">{amount(overlay.second[index] ?? null)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Box role="figure" aria-label={label} sx={{ ...CHART_FIGURE_SX, height: 300 }}>
          <LineChart
            height={300}
            xAxis={[
              {
                scaleType: 'point',
                data: overlay.days,
                valueFormatter: (value: number, context) =>
                  context.location === 'tooltip' ? `Day ${value}` : String(value),
              },
            ]}
            yAxis={[{ width: 64, valueFormatter: (value: number) => money.formatCompact(value * 100) }]}
            series={[
              {
                id: 'first',
                label: 'First period',
                color: accent,
                data: overlay.first.map((cents) => (cents === null ? null : cents / 100)),
                showMark: overlay.days.length <= 31,
                valueFormatter: (value) => (value === null ? '—' : money.format(Math.round(value * 100))),
              },
              {
                id: 'second',
                label: 'Second period',
                data: overlay.second.map((cents) => (cents === null ? null : cents / 100)),
                showMark: overlay.days.length <= 31,
                valueFormatter: (value) => (value === null ? '—' : money.format(Math.round(value * 100))),
              },
            ]}
            grid={{ horizontal: true }}
            margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          />
        </Box>
      )}
    </Box>
  );
}

function PeriodField({
  legend,
  range,
  onChange,
}: {
  legend: string;
  range: DayRange;
  onChange: (r: DayRange) => void;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      <RangePicker value={range} onChange={onChange} />
    </Box>
  );
}

/**
 * Two periods side by side: totals with the difference and its percentage, and both daily trends
 * laid over a common axis of day numbers (day 1 is each period's first day).
 */
export function PeriodComparisonPanel({ onLocked }: { onLocked: () => void }) {
  const money = useMoneyFormat();
  const [first, setFirst] = useState<DayRange>(() => lastDays(30));
  const [second, setSecond] = useState<DayRange>(() => previousRange(lastDays(30)));
  const [storeId, setStoreId] = useState<string | null>(null);
  const a = usePeriod(first, storeId);
  const b = usePeriod(second, storeId);
  const queries = [a.totals, a.trend, b.totals, b.trend];
  const failed = queries.find((query) => query.isError);
  useLockOnRefusal(failed?.error, onLocked);

  const status = {
    isLoading: queries.some((query) => query.isLoading),
    isFetching: queries.some((query) => query.isFetching),
    isError: failed !== undefined,
    error: failed?.error,
    refetch: () => queries.forEach((query) => void query.refetch()),
  };
  const lines = a.totals.data && b.totals.data ? compareTotals(a.totals.data, b.totals.data) : [];
  const overlay = overlayByDay(a.trend.data ?? [], b.trend.data ?? []);
  const isEmpty = lines.length > 0 && lines.every((line) => line.first === 0 && line.second === 0);
  const formatLine = (isMoney: boolean) => (value: number) =>
    isMoney ? money.format(value) : formatCount(value);

  return (
    <AnalyticsCard
      title="Compare two periods"
      subtitle="The first period set against the second: totals, and both trends day by day."
      action={<StorePicker value={storeId} onChange={setStoreId} />}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        <PeriodField legend="First period" range={first} onChange={setFirst} />
        <PeriodField legend="Second period" range={second} onChange={setSecond} />
      </Box>
      <QueryView
        status={status}
        isEmpty={isEmpty}
        emptyText={COMPARISON_EMPTY_TEXT}
        height={420}
        loadingLabel="Loading the comparison"
      >
        <TableContainer>
          <Table size="small" aria-label="Totals of the two periods">
            <TableHead>
              <TableRow>
                <TableCell>
                  {/* A header cell with no words reads as a hole to a screen reader. */}
                  <Box component="span" sx={VISUALLY_HIDDEN_SX}>
                    Measure
                  </Box>
                </TableCell>
                <TableCell align="right">First period</TableCell>
                <TableCell align="right">Second period</TableCell>
                <TableCell align="right">Change</TableCell>
                <TableCell align="right">Change %</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => {
                const format = formatLine(line.isMoney);
                return (
                  <TableRow key={line.id}>
                    <TableCell component="th" scope="row">
                      {line.label}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {format(line.first)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {format(line.second)}
                    </TableCell>
                    <ChangeCell difference={line.difference} base={line.second} format={format} />
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <OverlayChart overlay={overlay} label="Daily sales of the two periods, day by day" />
      </QueryView>
    </AnalyticsCard>
  );
}
