import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TReport, TReportTable } from '@app/contracts';
import { useState } from 'react';
import { useMoneyFormat, type MoneyFormat } from '../components/money';
import { ReportChart } from './report-chart';
import { ReportSummary } from './report-summary';
import { EMPTY_CELL, formatCell } from './report-format';
import { ReportTable } from './report-table';

type Figure = { label: string; value: string; hint: string };

const hasColumn = (table: TReportTable, key: string) => table.columns.some((column) => column.key === key);

/**
 * The forecast report's tables by what they hold (their columns, not their titles): the headline
 * (expected total, its interval, the last period, the model and its back-test error), the
 * suggested orders, and the forecast per day. Anything else is shown as it comes.
 */
export function sortForecastTables(tables: readonly TReportTable[]) {
  const headline = tables.find((table) => hasColumn(table, 'total') && hasColumn(table, 'model'));
  const orders = tables.find((table) => hasColumn(table, 'order'));
  const days = tables.find((table) => hasColumn(table, 'day'));
  const others = tables.filter((table) => table !== headline && table !== orders && table !== days);
  return { headline, orders, days, others };
}

/**
 * A forecast, however it was asked for (the Forecast panel, a question on the Ask tab, or opened
 * from the history), reads the same: it has a forecast chart and the headline table.
 */
export function isForecastReport(report: Pick<TReport, 'charts' | 'tables'>): boolean {
  return (
    report.charts.some((chart) => chart.type === 'forecast') &&
    sortForecastTables(report.tables).headline !== undefined
  );
}

/** The headline table's one row as three figures: what is expected, what was, and by which model. */
export function headlineFigures(table: TReportTable, money: MoneyFormat): Figure[] {
  const row = table.rows[0] ?? [];
  const cell = (key: string) => {
    const index = table.columns.findIndex((column) => column.key === key);
    const column = table.columns[index];
    return column ? { label: column.label, text: formatCell(row[index] ?? null, column.type, money) } : null;
  };
  const [total, low, high, history, model, mape] = ['total', 'low', 'high', 'history', 'model', 'mape'].map(
    cell,
  );
  const figures: Figure[] = [];
  if (total)
    figures.push({
      label: total.label,
      value: total.text,
      hint: low && high ? `80% interval ${low.text} to ${high.text}` : '',
    });
  if (history) figures.push({ label: history.label, value: history.text, hint: 'For comparison' });
  if (model)
    figures.push({
      label: model.label,
      value: model.text,
      hint:
        mape && mape.text !== EMPTY_CELL
          ? `Back-test error (MAPE) ${mape.text}`
          : 'Too little history to back-test',
    });
  return figures;
}

function Headline({ table }: { table: TReportTable }) {
  const money = useMoneyFormat();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {headlineFigures(table, money).map((figure) => (
        <Paper
          key={figure.label}
          variant="outlined"
          role="group"
          aria-label={figure.label}
          sx={{ p: 2, minWidth: 0, containerType: 'inline-size' }}
        >
          <Typography variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography
            variant="h4"
            component="p"
            title={figure.value}
            sx={{
              fontVariantNumeric: 'tabular-nums',
              fontWeight: 600,
              my: 0.5,
              // A model's name is words, a total one number: both fit their third of the row.
              fontSize: 'clamp(0.9375rem, 9cqi, 1.25rem)',
              overflowWrap: 'anywhere',
            }}
          >
            {figure.value}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {figure.hint}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * A forecast's body: the headline figures, the chart of history, forecast and band, the summary,
 * the suggested orders, and each day's forecast one click away.
 */
export function ForecastBody({ report }: { report: TReport }) {
  const [isDaysShown, setIsDaysShown] = useState(false);
  const { headline, orders, days, others } = sortForecastTables(report.tables);
  return (
    <>
      {headline ? <Headline table={headline} /> : null}
      <Stack spacing={3} sx={{ mt: 1 }}>
        {report.charts.map((chart, index) => (
          // A report's charts never change order; the index is their identity.
          <ReportChart key={index} chart={chart} />
        ))}
        <ReportSummary text={report.summary} />
        {orders ? <ReportTable table={orders} /> : null}
        {others.map((table, index) => (
          <ReportTable key={index} table={table} />
        ))}
        {days ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
            <Button
              size="small"
              onClick={() => setIsDaysShown((shown) => !shown)}
              aria-expanded={isDaysShown}
            >
              {isDaysShown ? 'Hide each day' : 'Show each day'}
            </Button>
            {isDaysShown ? (
              <Box sx={{ alignSelf: 'stretch' }}>
                <ReportTable table={days} />
              </Box>
            ) : null}
          </Box>
        ) : null}
      </Stack>
    </>
  );
}
