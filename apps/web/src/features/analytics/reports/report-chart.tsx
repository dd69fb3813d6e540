import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TReportChart } from '@app/contracts';
import { EmptyNote } from '../components/analytics-state';
import { useChartAccent } from '../components/chart-accent';
import { useMoneyFormat } from '../components/money';
import { CHART_FIGURE_SX } from '../components/trend-chart';
import { ForecastChart } from './forecast-chart';
import {
  alignSeries,
  chartValueFormat,
  formatReportDay,
  hasDrawableValues,
  labelAxisWidth,
} from './report-format';

export const CHART_EMPTY_TEXT = 'Nothing to draw: every figure of this chart is zero.';

/** A bar is this tall with its gap; the chart grows with its bars so long names stay readable. */
const BAR_ROW_PX = 30;
const LINE_HEIGHT = 260;
/** About this many ticks on a value axis: one every 2K up to 54K read as a fence at 1024 px. */
const VALUE_TICKS = 6;

type ChartProps = { chart: TReportChart; label: string };

/**
 * Bars run sideways: the labels are product, store or category names, which read whole on the left
 * and would collide under vertical bars at 1024 px.
 */
function ReportBarChart({ chart, label }: ChartProps) {
  const money = useMoneyFormat();
  const accent = useChartAccent();
  const format = chartValueFormat(chart.unit, money);
  const { labels, values } = alignSeries(chart.series);
  // Each further series adds a thinner bar to every label's row.
  const rowHeight = BAR_ROW_PX + (chart.series.length - 1) * 14;
  const height = Math.max(160, labels.length * rowHeight + 48);
  return (
    <Box role="figure" aria-label={label} sx={{ ...CHART_FIGURE_SX, height }}>
      <BarChart
        height={height}
        layout="horizontal"
        hideLegend={chart.series.length < 2}
        yAxis={[
          {
            scaleType: 'band',
            data: labels,
            width: labelAxisWidth(labels.map((text) => formatReportDay(text))),
            valueFormatter: (text: string, context) => formatReportDay(text, context.location === 'tooltip'),
          },
        ]}
        xAxis={[
          {
            tickNumber: VALUE_TICKS,
            tickLabelMinGap: 12,
            valueFormatter: (value: number) => format.compact(value),
          },
        ]}
        series={chart.series.map((series, index) => ({
          id: `series-${index}`,
          label: series.name,
          data: values[index] ?? [],
          ...(index === 0 && { color: accent }),
          valueFormatter: (value: number | null) => (value === null ? null : format.full(value)),
        }))}
        grid={{ vertical: true }}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      />
    </Box>
  );
}

function ReportLineChart({ chart, label }: ChartProps) {
  const money = useMoneyFormat();
  const accent = useChartAccent();
  const format = chartValueFormat(chart.unit, money);
  const { labels, values } = alignSeries(chart.series);
  return (
    <Box role="figure" aria-label={label} sx={{ ...CHART_FIGURE_SX, height: LINE_HEIGHT }}>
      <LineChart
        height={LINE_HEIGHT}
        hideLegend={chart.series.length < 2}
        xAxis={[
          {
            scaleType: 'point',
            data: labels,
            tickLabelMinGap: 16,
            valueFormatter: (text: string, context) => formatReportDay(text, context.location === 'tooltip'),
          },
        ]}
        yAxis={[
          { width: 64, tickNumber: VALUE_TICKS, valueFormatter: (value: number) => format.compact(value) },
        ]}
        series={chart.series.map((series, index) => ({
          id: `series-${index}`,
          label: series.name,
          data: values[index] ?? [],
          ...(index === 0 && { color: accent }),
          showMark: labels.length <= 31,
          valueFormatter: (value: number | null) => (value === null ? null : format.full(value)),
        }))}
        grid={{ horizontal: true }}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      />
    </Box>
  );
}

/**
 * One chart of a report under its title: bars, lines, or a forecast (history, forecast and its
 * 80% band). The numbers it draws are in the report's tables too, which is what a screen reader
 * reads; the figure carries the chart's title as its name. The title is a heading, not a named
 * region: a chart and its table often share a title, and two regions of one name are a maze.
 */
export function ReportChart({ chart }: { chart: TReportChart }) {
  let figure;
  if (!hasDrawableValues(chart)) figure = <EmptyNote text={CHART_EMPTY_TEXT} minHeight={96} />;
  else if (chart.type === 'forecast') figure = <ForecastChart chart={chart} label={chart.title} />;
  else if (chart.type === 'bar') figure = <ReportBarChart chart={chart} label={chart.title} />;
  else figure = <ReportLineChart chart={chart} label={chart.title} />;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {chart.title}
      </Typography>
      {figure}
    </Box>
  );
}
