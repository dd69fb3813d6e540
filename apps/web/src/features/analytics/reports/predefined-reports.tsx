import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  PREDEFINED_REPORTS,
  PREDEFINED_REPORT_TITLES,
  REPORT_DEFAULT_RANGE_DAYS,
  type PredefinedReport,
  type TReport,
} from '@app/contracts';
import { useId, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { AnalyticsCard, LOCKED_TEXT, isPlanLocked } from '../components/analytics-state';
import { ReportView } from './report-view';
import { REPORT_MESSAGES, useRunBasicReportMutation } from './reports.api';

/** What each ready-made report answers, under its title. */
export const PREDEFINED_REPORT_HINTS: Record<PredefinedReport, string> = {
  SALES_SUMMARY: 'Takings, sales and basket size',
  TOP_PRODUCTS: 'What sold the most',
  SLOW_MOVERS: 'What hardly sold',
  STOCK_VALUE: 'What the stock on hand is worth',
  LOW_STOCK: 'What is under its reorder point',
  STORE_COMPARISON: 'Your stores side by side',
};

type PredefinedReportsProps = {
  /** The page's store (null: all stores); the sales reports read that store only. */
  storeId: string | null;
  storeName: string | null;
};

/**
 * The six ready-made reports of the Basic screen (`/reports/basic`): one click asks the server,
 * which writes it and keeps it in the history; the answer shows as a report with its Export menu.
 */
export function PredefinedReports({ storeId, storeName }: PredefinedReportsProps) {
  const [run, { isLoading }] = useRunBasicReportMutation();
  const [chosen, setChosen] = useState<PredefinedReport | null>(null);
  const [report, setReport] = useState<TReport | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const hintId = useId();

  const open = async (option: PredefinedReport) => {
    setChosen(option);
    setFailure(null);
    try {
      setReport(await run({ predefinedOption: option, ...(storeId && { storeId }) }).unwrap());
    } catch (error) {
      setReport(null);
      setFailure(error);
    }
  };

  let result = null;
  if (isLoading)
    result = (
      <Box role="status" aria-label={`Loading ${chosen ? PREDEFINED_REPORT_TITLES[chosen] : 'the report'}`}>
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  else if (failure)
    result = isPlanLocked(failure) ? (
      <Alert severity="info">{LOCKED_TEXT}</Alert>
    ) : (
      <Alert severity="error">{getErrorMessage(failure, REPORT_MESSAGES.basic)}</Alert>
    );
  else if (report) result = <ReportView report={report} />;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <AnalyticsCard
        title="Ready-made reports"
        subtitle={`Sales of the last ${REPORT_DEFAULT_RANGE_DAYS} days at ${storeName ?? 'all stores'}; stock as it stands now.`}
      >
        <Box
          role="group"
          aria-label="Ready-made reports"
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {PREDEFINED_REPORTS.map((option) => (
            <Button
              key={option}
              variant={chosen === option && report ? 'contained' : 'outlined'}
              aria-pressed={chosen === option && report !== null}
              disabled={isLoading}
              onClick={() => void open(option)}
              // The title names the button; the hint describes it, so a screen reader does not run them together.
              aria-label={PREDEFINED_REPORT_TITLES[option]}
              aria-describedby={`${hintId}-${option}`}
              sx={{ flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left', py: 1.25 }}
            >
              <span>{PREDEFINED_REPORT_TITLES[option]}</span>
              <Typography
                id={`${hintId}-${option}`}
                component="span"
                variant="caption"
                sx={{ textTransform: 'none', color: 'inherit', opacity: 0.8 }}
              >
                {PREDEFINED_REPORT_HINTS[option]}
              </Typography>
            </Button>
          ))}
        </Box>
      </AnalyticsCard>
      {result}
    </Box>
  );
}
