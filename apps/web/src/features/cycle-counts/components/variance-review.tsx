import CheckIcon from '@mui/icons-material/Check';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TCycleCount, TCycleCountLine, TReviewCycleCountRequest } from '@app/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ChoiceFilter } from '../../../components/list-controls';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifySuccess } from '../../../components/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { LineStatusChip, formatSignedUnits, useCountMoney, varianceColor } from '../count-format';
import { useReviewCycleCountMutation } from '../cycle-counts.api';
import { focusLanding } from '../../../lib/focus-landing';
import { CYCLE_COUNT_ERRORS, CYCLE_COUNT_SUCCESS } from '../messages';
import {
  REVIEW_FILTERS,
  REVIEW_FILTER_LABELS,
  acceptanceCalls,
  emptyReviewText,
  initialReviewFilter,
  matchesReviewFilter,
  sumSelection,
  type ReviewFilter,
} from '../review-lines';
import { TOUCH_TARGET_PX } from './count-line-row';

/** Rows drawn at once; "Show more" adds as many. */
const ROWS_PER_BATCH = 200;

function Total({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, flex: '1 1 150px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ color, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Paper>
  );
}

type PendingAction = { kind: 'accept' | 'recount'; lineNos: number[] };

/**
 * The reviewer's view of a sheet: per counted line what was expected at the freeze, what moved
 * since (sales while counting), what was counted and the variance in units and value; the totals;
 * and the selected lines accepted (the variance goes to the stock) or sent back for a recount.
 */
export function VarianceReview({ sheet }: { sheet: TCycleCount }) {
  const money = useCountMoney();
  const [review, reviewState] = useReviewCycleCountMutation();
  const idempotency = useIdempotencyKey();
  const [filter, setFilter] = useState<ReviewFilter>(() => initialReviewFilter(sheet));
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [shown, setShown] = useState(ROWS_PER_BATCH);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reviewedAt, setReviewedAt] = useState(0);
  const totalsRef = useRef<HTMLElement>(null);

  // After a review the selection is empty and Accept and Ask for recount are disabled, so the
  // dialog has no button to give the focus back to: it lands on the totals the review changed.
  // (This runs after the dialog's own focus restore, in the same commit.)
  useEffect(() => {
    if (reviewedAt > 0) focusLanding(totalsRef.current);
  }, [reviewedAt]);

  const isOpen = sheet.status === 'COUNTING';
  const rows = useMemo(
    () => sheet.lines.filter((line) => matchesReviewFilter(line, filter)),
    [sheet.lines, filter],
  );
  // Only a counted line is reviewed; a selection outlives neither its filter nor a change of status.
  const selectable = useMemo(
    () => new Set(sheet.lines.filter((line) => line.status === 'COUNTED').map((line) => line.lineNo)),
    [sheet.lines],
  );
  const chosen = useMemo(
    () => new Set([...selected].filter((lineNo) => selectable.has(lineNo))),
    [selected, selectable],
  );
  const selectableRows = rows.filter((line) => selectable.has(line.lineNo));
  const totals = sumSelection(sheet.lines, chosen);

  const toggle = (lineNo: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(lineNo)) next.delete(lineNo);
      else next.add(lineNo);
      return next;
    });
  const isAllSelected = selectableRows.length > 0 && selectableRows.every((line) => chosen.has(line.lineNo));
  const toggleAll = () =>
    setSelected(isAllSelected ? new Set() : new Set(selectableRows.map((line) => line.lineNo)));

  const send = async (body: TReviewCycleCountRequest) => {
    const key = idempotency.keyFor({ id: sheet.id, body });
    await review({ id: sheet.id, body, idempotencyKey: key }).unwrap();
    idempotency.settle();
  };

  const confirm = async () => {
    if (!pending) return;
    setProblem(null);
    try {
      if (pending.kind === 'accept') {
        for (const body of acceptanceCalls(pending.lineNos)) await send(body);
      } else {
        await send({ accept: [], recount: [...pending.lineNos].sort((a, b) => a - b) });
      }
      notifySuccess(pending.kind === 'accept' ? CYCLE_COUNT_SUCCESS.accept : CYCLE_COUNT_SUCCESS.recount);
      setSelected(new Set());
      setReviewedAt((count) => count + 1);
    } catch (error) {
      // A 409 names the line and why (it sold meanwhile, it was reviewed by a colleague).
      setProblem(getErrorMessage(error, CYCLE_COUNT_ERRORS.review));
    }
    setPending(null);
  };

  const selectionValue = money.formatSigned((totals.valueCents / 100).toFixed(2));
  const countedCell = (line: TCycleCountLine) =>
    line.countedQuantity === null ? (
      '—'
    ) : (
      <>
        {line.countedQuantity}
        {line.previousCountedQuantity !== null ? (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            was {line.previousCountedQuantity}
          </Typography>
        ) : null}
      </>
    );

  return (
    <Box>
      <Box
        component="section"
        ref={totalsRef}
        aria-label="Variance totals"
        sx={{
          display: 'flex',
          gap: 1.5,
          flexWrap: 'wrap',
          mb: 2,
          borderRadius: 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Total label="Lines counted" value={`${sheet.totals.linesCounted} / ${sheet.totals.lines}`} />
        <Total
          label="Net variance, units"
          value={formatSignedUnits(sheet.totals.varianceUnits ?? 0)}
          color={varianceColor(sheet.totals.varianceUnits)}
        />
        <Total label="Absolute variance" value={money.format(sheet.totals.varianceValueAbsolute ?? '0.00')} />
        <Total
          label="Net variance"
          value={money.formatSigned(sheet.totals.varianceValueNet ?? '0.00')}
          color={varianceColor(sheet.totals.varianceValueNet)}
        />
      </Box>
      <Box sx={{ mb: 1.5 }}>
        <ChoiceFilter
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setShown(ROWS_PER_BATCH);
          }}
          options={REVIEW_FILTERS}
          labels={REVIEW_FILTER_LABELS}
          label="Show reviewed lines"
        />
      </Box>
      {isOpen ? (
        <Paper
          variant="outlined"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', px: 2, py: 1, mb: 2 }}
        >
          <Typography
            variant="body2"
            color="text.secondary"
            aria-live="polite"
            sx={{ flex: 1, minWidth: 200 }}
          >
            {chosen.size === 0
              ? 'Select counted lines to review'
              : `${chosen.size} selected: ${formatSignedUnits(totals.units)} units, ${selectionValue}`}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<ReplayIcon />}
            disabled={chosen.size === 0 || reviewState.isLoading}
            onClick={() => setPending({ kind: 'recount', lineNos: [...chosen] })}
            sx={{ minHeight: TOUCH_TARGET_PX }}
          >
            Ask for recount
          </Button>
          <Button
            variant="contained"
            startIcon={<CheckIcon />}
            disabled={chosen.size === 0 || reviewState.isLoading}
            onClick={() => setPending({ kind: 'accept', lineNos: [...chosen] })}
            sx={{ minHeight: TOUCH_TARGET_PX }}
          >
            Accept
          </Button>
        </Paper>
      ) : null}
      {problem ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <TableContainer
          role="region"
          aria-label="Variances, scrollable"
          tabIndex={0}
          sx={{
            maxHeight: 640,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
          <Table
            stickyHeader
            size="small"
            aria-label="Variances"
            // Eight columns within the 1024 px shell (and a 768 px tablet): half the side padding.
            sx={{ '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-root:last-of-type': { pr: 2 } }}
          >
            <TableHead>
              <TableRow>
                {isOpen ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={isAllSelected}
                      indeterminate={!isAllSelected && selectableRows.some((line) => chosen.has(line.lineNo))}
                      disabled={selectableRows.length === 0}
                      onChange={toggleAll}
                      slotProps={{ input: { 'aria-label': 'Select all counted lines' } }}
                    />
                  </TableCell>
                ) : null}
                <TableCell>Product</TableCell>
                <TableCell align="right">Expected</TableCell>
                <TableCell
                  align="right"
                  title="Sales, receipts and other changes between the freeze and the count"
                >
                  Moved
                </TableCell>
                <TableCell align="right">Counted</TableCell>
                <TableCell align="right">Variance</TableCell>
                <TableCell align="right">Value</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={isOpen ? 8 : 7} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                    {emptyReviewText(filter, isOpen)}
                  </TableCell>
                </TableRow>
              ) : null}
              {rows.slice(0, shown).map((line) => {
                const isSelectable = selectable.has(line.lineNo);
                return (
                  <TableRow key={line.lineNo} hover selected={chosen.has(line.lineNo)}>
                    {isOpen ? (
                      <TableCell padding="checkbox">
                        {isSelectable ? (
                          <Checkbox
                            checked={chosen.has(line.lineNo)}
                            onChange={() => toggle(line.lineNo)}
                            slotProps={{ input: { 'aria-label': `Select ${line.sku}` } }}
                          />
                        ) : null}
                      </TableCell>
                    ) : null}
                    <TableCell sx={{ minWidth: 150, maxWidth: 280 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                        {line.sku}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                        {line.name}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{line.expectedQuantity ?? '—'}</TableCell>
                    <TableCell align="right">
                      {line.movedSinceFreeze == null ? '—' : formatSignedUnits(line.movedSinceFreeze)}
                    </TableCell>
                    <TableCell align="right">{countedCell(line)}</TableCell>
                    <TableCell
                      align="right"
                      sx={{ color: varianceColor(line.varianceUnits), fontWeight: 600 }}
                    >
                      {line.varianceUnits == null ? '—' : formatSignedUnits(line.varianceUnits)}
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{ color: varianceColor(line.varianceValue), whiteSpace: 'nowrap' }}
                    >
                      {line.varianceValue == null ? 'No cost' : money.formatSigned(line.varianceValue)}
                    </TableCell>
                    <TableCell>
                      <LineStatusChip status={line.status} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Expected is the stock at the freeze; Moved is what sold or arrived between the freeze and the count.
        Variance = Counted − (Expected + Moved), valued at the unit cost frozen with the sheet.
      </Typography>
      {rows.length > shown ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => setShown((current) => current + ROWS_PER_BATCH)}>
            Show {Math.min(ROWS_PER_BATCH, rows.length - shown)} more of {rows.length - shown}
          </Button>
        </Box>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'accept' ? 'Accept the variances?' : 'Ask for a recount?'}
        message={
          pending?.kind === 'accept'
            ? `The variance of ${pending.lineNos.length} ${pending.lineNos.length === 1 ? 'line' : 'lines'} (${formatSignedUnits(totals.units)} units, ${selectionValue}${totals.hasUnknownCost ? ', some without a cost' : ''}) is written to the stock. This cannot be undone.`
            : `${pending?.lineNos.length ?? 0} ${pending?.lineNos.length === 1 ? 'line goes' : 'lines go'} back to the counters, to be counted again.`
        }
        confirmLabel={pending?.kind === 'accept' ? 'Accept' : 'Ask for recount'}
        isBusy={reviewState.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
