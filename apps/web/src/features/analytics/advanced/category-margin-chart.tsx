import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { toCents } from '../../../lib/money';
import { useChartAccent, useChartNegative } from '../components/chart-accent';
import { useMoneyFormat } from '../components/money';
import { CHART_FIGURE_SX } from '../components/trend-chart';
import { labelAxisWidth } from '../reports/report-format';
import type { NamedMarginRow } from './margin-by-category';

/** A bar is this tall with its gap; the chart grows with its categories so each name stays readable. */
const BAR_ROW_PX = 30;
const VALUE_TICKS = 5;

type CategoryMarginChartProps = { rows: readonly NamedMarginRow[]; label: string };

/**
 * The margin of each category as bars running sideways, in the table's order (highest margin first):
 * category names read whole on the left, and a category sold below cost draws its bar left of
 * zero in the error colour. The table beside it holds the same figures for screen readers.
 */
export function CategoryMarginChart({ rows, label }: CategoryMarginChartProps) {
  const money = useMoneyFormat();
  const accent = useChartAccent();
  const negative = useChartNegative();
  const labels = rows.map((row) => row.chartLabel);
  // The band axis keys on the row's place in the list: two categories may share a name.
  const bands = rows.map((_row, index) => index);
  const height = Math.max(160, rows.length * BAR_ROW_PX + 48);
  return (
    <Box role="figure" aria-label={label} sx={{ ...CHART_FIGURE_SX, height, minWidth: 0 }}>
      <BarChart
        height={height}
        layout="horizontal"
        hideLegend
        yAxis={[
          {
            scaleType: 'band',
            data: bands,
            width: labelAxisWidth(labels),
            valueFormatter: (index: number) => labels[index] ?? '',
          },
        ]}
        xAxis={[
          {
            tickNumber: VALUE_TICKS,
            tickLabelMinGap: 12,
            valueFormatter: (value: number) => money.formatCompact(Math.round(value * 100)),
            colorMap: { type: 'piecewise', thresholds: [0], colors: [negative, accent] },
          },
        ]}
        series={[
          {
            id: 'margin',
            label: 'Margin',
            data: rows.map((row) => toCents(row.margin) / 100),
            valueFormatter: (value: number | null) =>
              value === null ? null : money.format(Math.round(value * 100)),
          },
        ]}
        grid={{ vertical: true }}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      />
    </Box>
  );
}
