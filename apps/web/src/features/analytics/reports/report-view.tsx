import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TReport } from '@app/contracts';
import { useState, type ReactNode } from 'react';
import { formatExactTime } from '../../../lib/relative-time';
import { AnalyticsCard } from '../components/analytics-state';
import { ExportMenu } from './export-menu';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';

export const BUILT_IN_ANALYST = 'Built-in analyst';

/** Who wrote the answer: the built-in analyst, or the language model by its name. */
export function providerName(report: Pick<TReport, 'provider' | 'model'>): string {
  return report.provider === 'built-in' ? BUILT_IN_ANALYST : (report.model ?? 'Language model');
}

/** "Generated 26 Nov 2026, 11:04 · Built-in analyst", in the reader's time zone. */
export function ReportMeta({ report }: { report: TReport }) {
  return (
    <>
      {report.question && report.question !== report.title ? (
        <Box component="span" sx={{ display: 'block' }}>
          “{report.question}”
        </Box>
      ) : null}
      <Box component="span" sx={{ display: 'block' }}>
        Generated <time dateTime={report.generatedAt}>{formatExactTime(report.generatedAt)}</time> ·{' '}
        {providerName(report)}
      </Box>
    </>
  );
}

/** The summary as the server wrote it: plain text, its paragraphs on lines of their own. */
export function ReportSummary({ text }: { text: string }) {
  return (
    <Typography variant="body1" sx={{ whiteSpace: 'pre-line', maxWidth: '75ch' }}>
      {text}
    </Typography>
  );
}

type FollowUpsProps = {
  questions: readonly string[];
  onAsk: (question: string) => void;
  isDisabled?: boolean;
  /** The group's name: "Ask next", "Try one of these". */
  label: string;
};

/** Questions as chips: a click asks the question. */
export function QuestionChips({ questions, onAsk, isDisabled = false, label }: FollowUpsProps) {
  if (questions.length === 0) return null;
  return (
    <Box role="group" aria-label={label}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {questions.map((question) => (
          <Chip
            key={question}
            label={question}
            variant="outlined"
            onClick={() => onAsk(question)}
            disabled={isDisabled}
          />
        ))}
      </Box>
    </Box>
  );
}

type ReportViewProps = {
  report: TReport;
  /** Asks a follow-up; without it the report offers none (a page that cannot ask). */
  onAsk?: (question: string) => void;
  /** Beside Export (a "Back" button in the history). */
  action?: ReactNode;
};

/**
 * A report as the server answered it: title, when and by whom, the summary, each chart and each
 * table, the follow-up questions and the Export menu.
 */
export function ReportView({ report, onAsk, action }: ReportViewProps) {
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  return (
    <AnalyticsCard
      title={report.title}
      subtitle={<ReportMeta report={report} />}
      action={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {action}
          <ExportMenu reportId={report.id} onResult={setExportFailure} />
        </Box>
      }
    >
      {exportFailure ? (
        <Alert severity="error" onClose={() => setExportFailure(null)}>
          {exportFailure}
        </Alert>
      ) : null}
      <ReportSummary text={report.summary} />
      <Stack spacing={3} sx={{ mt: 1 }}>
        {report.charts.map((chart, index) => (
          // A report's charts never change order; the index is their identity.
          <ReportChart key={index} chart={chart} />
        ))}
        {report.tables.map((table, index) => (
          <ReportTable key={index} table={table} />
        ))}
      </Stack>
      {onAsk ? (
        <Box sx={{ mt: 1 }}>
          <QuestionChips questions={report.followUps} onAsk={onAsk} label="Ask next" />
        </Box>
      ) : null}
    </AnalyticsCard>
  );
}
