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
import { useState } from 'react';
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

  const open = async (option: PredefinedReport) => {
    if (isLoading) return;
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
              // Not `disabled` while one loads: the button pressed would drop the keyboard focus.
              aria-disabled={isLoading || undefined}
              onClick={() => void open(option)}
              // The name is what the button shows, title and hint (a label of the title alone
              // hides the hint's words from speech input); the hidden colon keeps them apart.
              sx={{
                flexDirection: 'column',
                alignItems: 'flex-start',
                textAlign: 'left',
                py: 1.25,
                ...(isLoading && { cursor: 'progress' }),
              }}
            >
              <span>
                {PREDEFINED_REPORT_TITLES[option]}
                {/* Inline and sizeless, not clipped: out of flow it gets spaces around it. */}
                <Box component="span" sx={{ fontSize: 0 }}>
                  :
                </Box>
              </span>
              <Typography
                component="span"
                variant="caption"
                // The hint in the text's own colour: a lighter shade of the accent fails contrast.
                sx={{
                  textTransform: 'none',
                  color: chosen === option && report ? 'inherit' : 'text.secondary',
                }}
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
