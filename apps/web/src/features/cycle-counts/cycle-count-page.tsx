import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { isPermitted, type TCycleCount } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useParams } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { ReadError } from '../../components/read-error';
import { RouterLink } from '../../components/router-link';
import { notifySuccess } from '../../components/toast';
import { formatShortDateTime } from '../../lib/relative-time';
import { selectRoles } from '../../session/session.slice';
import { CountSheet } from './components/count-sheet';
import { VarianceReview } from './components/variance-review';
import { SheetStatusChip, describeScope } from './count-format';
import {
  useCancelCycleCountMutation,
  useCompleteCycleCountMutation,
  useGetCycleCountQuery,
} from './cycle-counts.api';
import { focusLanding, isFocusLost } from '../../lib/focus-landing';
import { CYCLE_COUNT_ERRORS, CYCLE_COUNT_SUCCESS } from './messages';

type View = 'count' | 'review';
type Closing = 'complete' | 'cancel';

function closingMessage(sheet: TCycleCount, closing: Closing): string {
  if (closing === 'cancel') {
    return 'Cancel this count? Lines accepted already stay in the stock; nothing else changes, and the sheet can no longer be counted.';
  }
  const uncounted = sheet.lineCount - sheet.linesCounted;
  return uncounted > 0
    ? `Complete this count? ${uncounted === 1 ? '1 line was never counted: its' : `${uncounted} lines were never counted: their`} stock is left as it is.`
    : 'Complete this count? The sheet is closed and can no longer be counted.';
}

/**
 * /dashboard/cycle-counts/:countId: the count sheet, and for reviewers its variances. Its route
 * fits a 768 px tablet (the shell drops its 1024 px minimum width for it).
 */
export function CycleCountPage() {
  const { countId = '' } = useParams();
  const roles = useSelector(selectRoles);
  const canCount = isPermitted(roles, 'inventory:adjust');
  const canReview = isPermitted(roles, 'inventory:update');
  const canClose = isPermitted(roles, 'inventory:create');
  const sheet = useGetCycleCountQuery(countId);
  const [complete, completeState] = useCompleteCycleCountMutation();
  const [cancel, cancelState] = useCancelCycleCountMutation();
  const [chosenView, setView] = useState<View | null>(null);
  const [closing, setClosing] = useState<Closing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // 'default' is the key of the page the app was loaded on: the browser starts at the top then.
  const hasNavigatedHere = useLocation().key !== 'default';
  const pageRef = useRef<HTMLDivElement>(null);
  const [closedAt, setClosedAt] = useState(0);

  const data = sheet.data;
  // Counters start on the sheet; a reviewer who cannot count sees the review only.
  const view: View = chosenView ?? (canCount ? 'count' : 'review');
  const isOpen = data?.status === 'COUNTING';
  const hasSheet = data !== undefined;

  // Arriving (from the New count dialog or a link of the list, both gone with the list), the
  // focus would lie on <body>: it starts at the sheet's heading instead.
  useEffect(() => {
    if (hasSheet && hasNavigatedHere && isFocusLost()) focusLanding(pageRef.current?.querySelector('h1'));
  }, [hasSheet, hasNavigatedHere]);
  // A completed or cancelled sheet has no Complete and Cancel buttons left to return to.
  useEffect(() => {
    if (closedAt > 0) focusLanding(pageRef.current?.querySelector('h1'));
  }, [closedAt]);

  const close = async () => {
    if (!closing) return;
    setProblem(null);
    const isCompleting = closing === 'complete';
    try {
      await (isCompleting ? complete : cancel)({ id: countId }).unwrap();
      notifySuccess(isCompleting ? CYCLE_COUNT_SUCCESS.complete : CYCLE_COUNT_SUCCESS.cancel);
      setClosedAt((count) => count + 1);
    } catch (error) {
      // 409: lines still wait for a review or a recount (named), or a colleague closed it.
      setProblem(
        getErrorMessage(error, isCompleting ? CYCLE_COUNT_ERRORS.complete : CYCLE_COUNT_ERRORS.cancel),
      );
    }
    setClosing(null);
  };

  const actions =
    canClose && isOpen ? (
      <>
        <Button color="error" variant="outlined" onClick={() => setClosing('cancel')} sx={{ minHeight: 48 }}>
          Cancel count
        </Button>
        <Button variant="contained" onClick={() => setClosing('complete')} sx={{ minHeight: 48 }}>
          Complete count
        </Button>
      </>
    ) : null;

  return (
    <Box ref={pageRef}>
      <Button
        component={RouterLink}
        to="/dashboard/cycle-counts"
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1, ml: -1 }}
      >
        All counts
      </Button>
      {sheet.isError ? (
        <ReadError
          error={sheet.error}
          fallback={CYCLE_COUNT_ERRORS.read}
          onRetry={() => void sheet.refetch()}
        />
      ) : !data ? (
        <Box aria-label="Loading the count sheet" aria-busy="true">
          <Skeleton variant="text" width={320} height={48} />
          <Skeleton variant="text" width={480} />
          {Array.from({ length: 4 }, (_unused, index) => (
            <Skeleton key={index} variant="rounded" height={72} sx={{ mt: 1 }} />
          ))}
        </Box>
      ) : (
        <>
          <PageHeader
            title={`Count at ${data.locationName}`}
            subtitle={
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              >
                <SheetStatusChip status={data.status} />
                <span>
                  {describeScope(data.scope)} · started {formatShortDateTime(data.frozenAt)}
                  {data.note ? ` · ${data.note}` : ''}
                </span>
              </Box>
            }
            actions={actions}
          />
          {problem ? (
            <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
              {problem}
            </Alert>
          ) : null}
          {!isOpen ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {data.status === 'COMPLETED'
                ? `Completed ${data.completedAt ? formatShortDateTime(data.completedAt) : ''}: accepted variances are in the stock.`
                : `Cancelled ${data.cancelledAt ? formatShortDateTime(data.cancelledAt) : ''}: lines accepted before stay in the stock.`}
            </Alert>
          ) : null}
          {canCount && canReview ? (
            <Tabs
              value={view}
              onChange={(_event, next: View) => setView(next)}
              aria-label="Count sheet views"
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="count" label="Count" sx={{ minHeight: 48 }} />
              <Tab value="review" label="Review variances" sx={{ minHeight: 48 }} />
            </Tabs>
          ) : null}
          {/* Keyed by the status: a sheet completed or cancelled meanwhile opens on its closed filters. */}
          {view === 'count' && canCount ? <CountSheet key={data.status} sheet={data} /> : null}
          {view === 'review' && canReview ? <VarianceReview key={data.status} sheet={data} /> : null}
          {!canCount && !canReview ? <CountSheet key={data.status} sheet={data} isReadOnly /> : null}
          <ConfirmDialog
            open={closing !== null}
            title={closing === 'cancel' ? 'Cancel count' : 'Complete count'}
            message={closing ? closingMessage(data, closing) : undefined}
            confirmLabel={closing === 'cancel' ? 'Cancel count' : 'Complete count'}
            cancelLabel="Keep counting"
            isDestructive={closing === 'cancel'}
            isBusy={completeState.isLoading || cancelState.isLoading}
            onConfirm={() => void close()}
            onCancel={() => setClosing(null)}
          />
        </>
      )}
    </Box>
  );
}
