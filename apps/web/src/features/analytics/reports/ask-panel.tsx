import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  REPORT_EXAMPLE_QUESTIONS,
  REPORT_QUESTION_MAX_LENGTH,
  type TReport,
  type TReportFilter,
} from '@app/contracts';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { getErrorMessage, isApiError } from '../../../api/api-error';
import { useLockOnRefusal } from '../advanced/tier-access';
import { AnalyticsCard, EmptyNote } from '../components/analytics-state';
import { QuestionChips, ReportView } from './report-view';
import { REPORT_MESSAGES, useAskAdvancedReportMutation, useAskSupremeReportMutation } from './reports.api';

export const ASK_LABEL = 'Ask a question about your business';
export const WORKING_TEXT = 'Working it out…';
export const QUESTION_TOO_SHORT = 'Ask a question of at least 3 characters.';
export const ASK_EMPTY_TEXT =
  'Type a question or pick an example. The answer comes with its tables and charts, and stays in My reports.';
/** The count of characters shows from here on, before the field stops taking more. */
const COUNT_FROM = REPORT_QUESTION_MAX_LENGTH - 100;

/** Supreme also forecasts: its examples say so (the built-in analyst reads "next 30 days"). */
export const SUPREME_EXAMPLE_QUESTIONS: readonly string[] = [
  ...REPORT_EXAMPLE_QUESTIONS,
  'What will I sell in the next 30 days?',
];

/** What the field says under it: the refusal, else how much of the 500 characters is used. */
export function questionHint(text: string, fieldError: string | null): string | undefined {
  if (fieldError) return fieldError;
  if (text.length >= REPORT_QUESTION_MAX_LENGTH)
    return `${text.length} / ${REPORT_QUESTION_MAX_LENGTH}: a question holds no more.`;
  if (text.length >= COUNT_FROM) return `${text.length} / ${REPORT_QUESTION_MAX_LENGTH}`;
  return undefined;
}

/** The tier decides the call: advanced/ai (AI_REPORT) or supreme/ai (ANALYTICS_SUPREME, forecasts too). */
export type AskTier = 'advanced' | 'supreme';

/** A question the analyst did not understand (422): the questions it offers instead. */
export function suggestedExamples(error: unknown): string[] | null {
  if (!isApiError(error) || error.status !== 422 || !('details' in error)) return null;
  const { details } = error as { details: unknown };
  if (typeof details !== 'object' || details === null || !('examples' in details)) return null;
  const { examples } = details;
  return Array.isArray(examples) ? examples.filter((item): item is string => typeof item === 'string') : null;
}

function Thinking() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {WORKING_TEXT}
      </Typography>
      <Skeleton variant="rounded" height={28} width="60%" />
      <Skeleton variant="rounded" height={72} />
      <Skeleton variant="rounded" height={220} />
    </Box>
  );
}

type AskPanelProps = {
  tier: AskTier;
  /** The range and store of the page's pickers, where the page has them; the question's own words win. */
  filter?: TReportFilter;
  /** The plan refused the tier: the page turns into its locked state (base-api opened the dialog). */
  onLocked: () => void;
};

/**
 * The Ask box of issue 14: a question in plain English, the examples under it, and the answer as a
 * report. A question the analyst does not understand is said so with the questions it can answer;
 * follow-ups and examples are asked with one click.
 */
export function AskPanel({ tier, filter, onLocked }: AskPanelProps) {
  const [askAdvanced, advanced] = useAskAdvancedReportMutation();
  const [askSupreme, supreme] = useAskSupremeReportMutation();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [report, setReport] = useState<TReport | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const isAsking = tier === 'advanced' ? advanced.isLoading : supreme.isLoading;
  const answerRef = useRef<HTMLDivElement>(null);
  const hasAsked = useRef(false);
  useLockOnRefusal(failure, onLocked);

  // A follow-up or a suggested question is a chip that goes with the answer it belonged to, and
  // focus would fall to the top of the page: it moves to the new answer instead. A person typing
  // in the field keeps it there.
  useEffect(() => {
    if (isAsking || !hasAsked.current) return;
    const active = document.activeElement;
    if (active === null || active === document.body) answerRef.current?.focus();
  }, [isAsking, report, failure]);

  const ask = async (question: string) => {
    const trimmed = question.trim();
    if (trimmed.length < 3) {
      setFieldError(QUESTION_TOO_SHORT);
      return;
    }
    hasAsked.current = true;
    setText(trimmed);
    setFieldError(null);
    setFailure(null);
    try {
      const answer =
        tier === 'advanced'
          ? await askAdvanced({ userQuery: trimmed, ...(filter && { filter }) }).unwrap()
          : await askSupreme({ query: trimmed, ...(filter && { filter }) }).unwrap();
      setReport(answer);
    } catch (error) {
      setFailure(error);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAsking) void ask(text);
  };

  // The field grows with a long question, and Enter still asks: a question is one line of words.
  const askOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!isAsking) void ask(text);
  };

  const shownExamples = tier === 'supreme' ? SUPREME_EXAMPLE_QUESTIONS : REPORT_EXAMPLE_QUESTIONS;
  // The 422's examples, less those already under the box: the same chips twice read as noise.
  const examples = suggestedExamples(failure)?.filter((example) => !shownExamples.includes(example)) ?? null;
  const fallback = tier === 'advanced' ? REPORT_MESSAGES.advanced : REPORT_MESSAGES.supreme;
  let answer;
  if (isAsking) answer = <Thinking />;
  else if (failure && examples)
    answer = (
      <Alert severity="info" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {getErrorMessage(failure, fallback)}
        </Typography>
        <QuestionChips
          questions={examples}
          onAsk={(question) => void ask(question)}
          label="Try one of these"
        />
      </Alert>
    );
  else if (failure) answer = <Alert severity="error">{getErrorMessage(failure, fallback)}</Alert>;
  else if (report) answer = <ReportView report={report} onAsk={(question) => void ask(question)} />;
  else answer = <EmptyNote text={ASK_EMPTY_TEXT} minHeight={120} />;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <AnalyticsCard
        title="Ask"
        subtitle={
          tier === 'supreme'
            ? 'Ask in plain words: best sellers, margins, stock, stores, and what you will sell next.'
            : 'Ask in plain words: best sellers, margins, stock running low, stores and periods compared.'
        }
      >
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label="Ask a question"
          sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
        >
          <TextField
            label={ASK_LABEL}
            value={text}
            onChange={(event) => {
              // A pasted question keeps its words on one line.
              setText(event.target.value.replace(/[\r\n]+/g, ' '));
              setFieldError(null);
            }}
            onKeyDown={askOnEnter}
            multiline
            maxRows={5}
            error={fieldError !== null}
            helperText={questionHint(text, fieldError)}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: REPORT_QUESTION_MAX_LENGTH, enterKeyHint: 'send' } }}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <Button
            type="submit"
            variant="contained"
            // Not `disabled`: a disabled button drops the keyboard focus to the top of the page.
            aria-disabled={isAsking || undefined}
            sx={{ height: 40, flexShrink: 0, ...(isAsking && { opacity: 0.6, cursor: 'progress' }) }}
          >
            Ask
          </Button>
        </Box>
        <QuestionChips
          questions={shownExamples}
          onAsk={(question) => void ask(question)}
          isDisabled={isAsking}
          label="Examples"
        />
      </AnalyticsCard>
      <Box
        ref={answerRef}
        tabIndex={-1}
        role="region"
        aria-label="Answer"
        sx={{ outline: 'none', minWidth: 0 }}
      >
        {answer}
      </Box>
    </Box>
  );
}
