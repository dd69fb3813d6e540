import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TReport } from '@app/contracts';
import { useState } from 'react';
import { formatExactTime } from '../../../lib/relative-time';
import { AnalyticsCard } from '../components/analytics-state';
import { ExportFailure, ExportMenu } from './export-menu';
import { ForecastBody, isForecastReport } from './forecast-body';
import { ReportChart } from './report-chart';
import { ReportSummary } from './report-summary';
import { ReportTable } from './report-table';

export const BUILT_IN_ANALYST = 'Built-in analyst';

/** Who wrote the answer: the built-in analyst, or the language model by its name. */
export function providerName(report: Pick<TReport, 'provider' | 'model'>): string {
  return report.provider === 'built-in' ? BUILT_IN_ANALYST : (report.model ?? 'Language model');
}

/**
 * The words a person typed, when there were any: a ready-made report or a forecast "asks" by its
 * name ("Sales summary"), which the title already says, so quoting it would read as a question.
 */
export function askedQuestion(report: Pick<TReport, 'kind' | 'question' | 'title'>): string | null {
  const isTyped = report.kind === 'ADVANCED' || report.kind === 'SUPREME';
  return isTyped && report.question && report.question !== report.title ? report.question : null;
}

/** "Generated 26 Nov 2026, 11:04 · Built-in analyst", in the reader's time zone. */
export function ReportMeta({ report }: { report: TReport }) {
  const question = askedQuestion(report);
  return (
    <>
      {question ? (
        <Box
          component="span"
          title={question}
          // A question may run to 500 characters: two lines of it name the report well enough.
          sx={{
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          “{question}”
        </Box>
      ) : null}
      <Box component="span" sx={{ display: 'block' }}>
        Generated <time dateTime={report.generatedAt}>{formatExactTime(report.generatedAt)}</time> ·{' '}
        {providerName(report)}
      </Box>
    </>
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

/** A report's body other than a forecast: the summary, each chart and each table. */
function ReportBody({ report }: { report: TReport }) {
  return (
    <>
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
    </>
  );
}

type ReportViewProps = {
  report: TReport;
  /** Asks a follow-up; without it the report offers none (a page that cannot ask). */
  onAsk?: (question: string) => void;
};

/**
 * A report as the server answered it: title, when and by whom, the summary, each chart and each
 * table (a forecast with its headline figures first), the follow-up questions and the Export menu.
 */
export function ReportView({ report, onAsk }: ReportViewProps) {
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  return (
    <AnalyticsCard
      title={report.title}
      subtitle={<ReportMeta report={report} />}
      action={<ExportMenu reportId={report.id} onResult={setExportFailure} />}
    >
      {exportFailure ? (
        <ExportFailure message={exportFailure} onClose={() => setExportFailure(null)} />
      ) : null}
      {isForecastReport(report) ? <ForecastBody report={report} /> : <ReportBody report={report} />}
      {onAsk ? (
        <Box sx={{ mt: 1 }}>
          <QuestionChips questions={report.followUps} onAsk={onAsk} label="Ask next" />
        </Box>
      ) : null}
    </AnalyticsCard>
  );
}
