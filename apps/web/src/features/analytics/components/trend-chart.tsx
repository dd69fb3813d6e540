import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { AnalyticsInterval, TTrendRow } from '@app/contracts';
import { useState } from 'react';
import { toCents } from '../../../lib/money';
import { formatPeriod } from './analytics-format';
import { EmptyNote } from './analytics-state';
import { useChartAccent } from './chart-accent';
import { useMoneyFormat } from './money';

/**
 * The figure around a chart. MUI X Charts puts a focus stop on the chart (arrow keys then walk
 * its points) with its outline removed, so a keyboard user reached it and saw nothing: the ring
 * goes around the figure instead, only for keyboard focus.
 */
export const CHART_FIGURE_SX = {
  borderRadius: 1,
  '&:has(:focus-visible)': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

export const TREND_EMPTY_TEXT = 'No sales in this period. Pick a longer range or record a sale at the till.';

type TrendChartProps = {
  rows: readonly TTrendRow[];
  interval: AnalyticsInterval;
  /** The chart's accessible name and the table's caption: "Daily sales, 1 Nov to 30 Nov". */
  label: string;
  /** The series' name in the tooltip. */
  seriesLabel?: string;
  height?: number;
  emptyText?: string;
};

/**
 * Money per period as an area chart (MUI X Charts), with the same figures as a table one click
 * away: the table is what a screen reader or a keyboard user reads, and what a person copies.
 * A range without any sale shows a sentence instead of a flat line at zero.
 */
export function TrendChart({
  rows,
  interval,
  label,
  seriesLabel = 'Sales',
  height = 280,
  emptyText = TREND_EMPTY_TEXT,
}: TrendChartProps) {
  const money = useMoneyFormat();
  const accent = useChartAccent();
  const [asTable, setAsTable] = useState(false);
  const hasSales = rows.some((row) => toCents(row.totalSales) !== 0);
  if (!hasSales) return <EmptyNote text={emptyText} minHeight={Math.min(height, 120)} />;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
        <Button size="small" onClick={() => setAsTable((shown) => !shown)}>
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </Box>
      {asTable ? (
        <TableContainer sx={{ maxHeight: height, overflowY: 'auto' }}>
          <Table size="small" stickyHeader aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>Period</TableCell>
                <TableCell align="right">{seriesLabel}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.period}>
                  <TableCell component="th" scope="row">
                    {formatPeriod(row.period, interval, true)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money.format(row.totalSales)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Box role="figure" aria-label={label} sx={{ ...CHART_FIGURE_SX, height }}>
          <LineChart
            height={height}
            hideLegend
            xAxis={[
              {
                scaleType: 'point',
                data: rows.map((row) => row.period),
                // A month of days at 1024 px ran "Oct 28Oct 30" together with the default gap.
                tickLabelMinGap: 16,
                valueFormatter: (period: string, context) =>
                  formatPeriod(period, interval, context.location === 'tooltip'),
              },
            ]}
            yAxis={[{ width: 64, valueFormatter: (value: number) => money.formatCompact(value * 100) }]}
            series={[
              {
                id: 'sales',
                label: seriesLabel,
                color: accent,
                data: rows.map((row) => toCents(row.totalSales) / 100),
                area: true,
                showMark: rows.length <= 31,
                valueFormatter: (value) => (value === null ? '—' : money.format(Math.round(value * 100))),
              },
            ]}
            grid={{ horizontal: true }}
            margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
            sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.16 } }}
          />
        </Box>
      )}
    </Box>
  );
}
