import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { TReportChart } from '@app/contracts';
import { useMoneyFormat } from '../components/money';
import { useChartAccent } from '../components/chart-accent';
import { CHART_FIGURE_SX } from '../components/trend-chart';
import { chartValueFormat, forecastSeries, formatReportDay } from './report-format';

export const BAND_LABEL = '80% interval';
const HEIGHT = 280;

/** Series ids; the styles below reach each series' lines and areas by them (`data-series`). */
const IDS = { history: 'history', forecast: 'forecast', bandBase: 'band-base', band: 'band' } as const;
const BAND_SERIES = `[data-series="${IDS.bandBase}"], [data-series="${IDS.band}"]`;

function LegendItem({ swatch, text }: { swatch: 'line' | 'dashed' | 'band'; text: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <Box
        aria-hidden="true"
        sx={{
          width: 20,
          ...(swatch === 'band'
            ? { height: 12, bgcolor: 'primary.main', opacity: 0.24, borderRadius: 0.5 }
            : {
                height: 0,
                borderTop: 2,
                borderColor: 'primary.main',
                borderStyle: swatch === 'dashed' ? 'dashed' : 'solid',
              }),
        }}
      />
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

/**
 * History, forecast and the forecast's 80% interval on one axis of days. MUI X Charts has no band
 * series, so the band is two stacked areas: an invisible one up to `low`, and on it one as tall as
 * `high - low`. Both start at the last day of history with no width, so the band fans out from
 * the last known figure instead of rising from zero; the tooltip names the interval as low to high.
 */
export function ForecastChart({ chart, label }: { chart: TReportChart; label: string }) {
  const money = useMoneyFormat();
  const accent = useChartAccent();
  const format = chartValueFormat(chart.unit, money);
  const data = forecastSeries(chart);
  const bridge = data.firstForecastIndex - 1;
  const lastHistory = bridge >= 0 ? data.history[bridge] : null;
  const bandBase = [...data.low];
  const bandWidth = [...data.width];
  if (bridge >= 0 && lastHistory !== null && lastHistory !== undefined) {
    bandBase[bridge] = lastHistory;
    bandWidth[bridge] = 0;
  }
  const hidden = () => null;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box role="figure" aria-label={label} sx={{ ...CHART_FIGURE_SX, height: HEIGHT }}>
        <LineChart
          height={HEIGHT}
          hideLegend
          xAxis={[
            {
              scaleType: 'point',
              data: data.labels,
              tickLabelMinGap: 16,
              valueFormatter: (text: string, context) =>
                formatReportDay(text, context.location === 'tooltip'),
            },
          ]}
          yAxis={[{ width: 64, min: 0, valueFormatter: (value: number) => format.compact(value) }]}
          series={[
            {
              id: IDS.bandBase,
              data: bandBase,
              stack: 'band',
              area: true,
              showMark: false,
              disableHighlight: true,
              color: accent,
              // Only the band's top layer names the interval in the tooltip.
              valueFormatter: hidden,
            },
            {
              id: IDS.band,
              label: BAND_LABEL,
              data: bandWidth,
              stack: 'band',
              area: true,
              showMark: false,
              disableHighlight: true,
              color: accent,
              valueFormatter: (_value, { dataIndex }) => {
                const low = data.low[dataIndex];
                const high = data.high[dataIndex];
                if (
                  dataIndex <= bridge ||
                  low === null ||
                  low === undefined ||
                  high === null ||
                  high === undefined
                )
                  return null;
                return `${format.full(low)} – ${format.full(high)}`;
              },
            },
            {
              id: IDS.history,
              label: 'History',
              data: data.history,
              color: accent,
              showMark: false,
              valueFormatter: (value) => (value === null ? null : format.full(value)),
            },
            {
              id: IDS.forecast,
              label: 'Forecast',
              data: data.forecast,
              color: accent,
              showMark: false,
              valueFormatter: (value, { dataIndex }) =>
                value === null || dataIndex <= bridge ? null : format.full(value),
            },
          ]}
          grid={{ horizontal: true }}
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          sx={{
            [`& .${lineClasses.line}:is(${BAND_SERIES})`]: { display: 'none' },
            [`& .${lineClasses.area}[data-series="${IDS.bandBase}"]`]: { fill: 'none' },
            [`& .${lineClasses.area}[data-series="${IDS.band}"]`]: { fillOpacity: 0.2 },
            [`& .${lineClasses.line}[data-series="${IDS.forecast}"]`]: { strokeDasharray: '6 4' },
          }}
        />
      </Box>
      <Box
        component="ul"
        aria-label="Legend"
        sx={{ display: 'flex', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 0.5, flexWrap: 'wrap' }}
      >
        <LegendItem swatch="line" text="History" />
        <LegendItem swatch="dashed" text="Forecast" />
        <LegendItem swatch="band" text={BAND_LABEL} />
      </Box>
    </Box>
  );
}
