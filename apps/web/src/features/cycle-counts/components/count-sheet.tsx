import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { TCycleCount, TCycleCountLine } from '@app/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { notifySuccess } from '../../../components/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import {
  LINE_FILTERS,
  LINE_FILTER_LABELS,
  QUANTITY_ERROR,
  buildCountSubmission,
  countLinesByFilter,
  emptyLinesText,
  findLineByCode,
  initialLineFilter,
  isCountable,
  keepOpenEntries,
  matchesLineFilter,
  type LineFilter,
} from '../count-sheet';
import { useEnterCycleCountsMutation, useLazyFindCountItemByBarcodeQuery } from '../cycle-counts.api';
import { focusLanding, isFocusLost } from '../../../lib/focus-landing';
import { CYCLE_COUNT_ERRORS, CYCLE_COUNT_SUCCESS } from '../messages';
import { CountLineRow, TOUCH_TARGET_PX } from './count-line-row';

/** Lines drawn at once: a sheet may hold 5,000, and a tablet draws a few hundred rows smoothly. */
export const LINES_PER_BATCH = 100;

/** Below the shell's fixed app bar (56 px on narrow screens, 64 px from 600 px). */
const STICKY_TOP = { xs: 56, sm: 64 };

/**
 * Where the focus goes next: a line's quantity field (a jump to a scanned line), a line itself
 * (the next to count after a save: a tablet's keyboard stays closed), the progress (nothing left
 * to count), or Save counts (to send again after a failure).
 */
type FocusRequest = { kind: 'field' | 'line'; lineNo: number } | { kind: 'progress' } | { kind: 'save' };

type CountSheetProps = {
  sheet: TCycleCount;
  /** Someone who may read but not count (an inventory reader): the lines without fields. */
  isReadOnly?: boolean;
};

/**
 * The counter's sheet (blind: no expected quantities): a sticky header with the progress, a scan
 * or SKU field that jumps to its line, the filter and Save counts; below it one row per line.
 * Typed quantities stay in the browser until saved, and one save sends them all under one
 * Idempotency-Key, reused if the same save is sent again after a failure.
 */
export function CountSheet({ sheet, isReadOnly = false }: CountSheetProps) {
  const [enterCounts, enterState] = useEnterCycleCountsMutation();
  const [findByBarcode, barcodeState] = useLazyFindCountItemByBarcodeQuery();
  const idempotency = useIdempotencyKey();
  const [entries, setEntries] = useState<Record<number, string>>({});
  const [invalid, setInvalid] = useState<ReadonlySet<number>>(() => new Set());
  const [filter, setFilter] = useState<LineFilter>(() =>
    initialLineFilter(sheet.lines, sheet.status === 'COUNTING' && !isReadOnly),
  );
  const [shown, setShown] = useState(LINES_PER_BATCH);
  const [code, setCode] = useState('');
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  const progressRef = useRef<HTMLElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);

  const isOpen = sheet.status === 'COUNTING' && !isReadOnly;
  const counts = useMemo(() => countLinesByFilter(sheet.lines), [sheet.lines]);
  const visible = useMemo(
    () => sheet.lines.filter((line) => matchesLineFilter(line, filter)),
    [sheet.lines, filter],
  );
  const enteredCount = useMemo(() => buildCountSubmission(sheet.lines, entries), [sheet.lines, entries]);
  const unsaved = enteredCount.kind === 'empty' ? 0 : enteredCount.lineNos.length;
  const percent = sheet.lineCount === 0 ? 0 : (sheet.linesCounted / sheet.lineCount) * 100;

  const change = useCallback((lineNo: number, text: string) => {
    setEntries((current) => ({ ...current, [lineNo]: text }));
    setInvalid((current) => {
      if (!current.has(lineNo)) return current;
      const next = new Set(current);
      next.delete(lineNo);
      return next;
    });
  }, []);

  const backToScan = useCallback(() => {
    setCode('');
    scanRef.current?.focus();
  }, []);

  // The jumped-to line is drawn once the filter and the batch include it; then it takes focus
  // (each jump is a new request object, so jumping to the same line again focuses it again).
  useEffect(() => {
    if (!focusRequest) return;
    // A landing after a save only takes a focus that was dropped (Save counts disabled while it
    // sent); a counter who moved on to another field meanwhile stays there.
    if (focusRequest.kind !== 'field' && !isFocusLost()) return;
    if (focusRequest.kind === 'progress') {
      focusLanding(progressRef.current);
      return;
    }
    if (focusRequest.kind === 'save') {
      saveRef.current?.focus();
      return;
    }
    const row = document.querySelector(`[data-line-no="${focusRequest.lineNo}"]`);
    if (focusRequest.kind === 'line') {
      focusLanding(row);
      return;
    }
    const input = row?.querySelector('input');
    row?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    if (input) {
      input.focus();
      input.select();
    } else if (row instanceof HTMLElement) {
      row.focus();
    }
  }, [focusRequest]);

  const jumpTo = (line: TCycleCountLine) => {
    const nextFilter = matchesLineFilter(line, filter) ? filter : 'ALL';
    const index = sheet.lines
      .filter((candidate) => matchesLineFilter(candidate, nextFilter))
      .findIndex((candidate) => candidate.lineNo === line.lineNo);
    setFilter(nextFilter);
    setShown((current) => Math.max(current, index + 1));
    setHighlighted(line.lineNo);
    // The next scan starts from an empty field.
    setCode('');
    setCodeMessage(
      line.status === 'COUNTED'
        ? `${line.sku} is counted already; a reviewer sends it back to count it again.`
        : line.status === 'ACCEPTED'
          ? `${line.sku} is counted and accepted.`
          : null,
    );
    setFocusRequest({ kind: 'field', lineNo: line.lineNo });
  };

  const jump = async () => {
    const text = code.trim();
    if (text === '') return;
    const match = findLineByCode(sheet.lines, text);
    if (match.kind === 'line') {
      jumpTo(match.line);
      return;
    }
    if (match.kind === 'several') {
      setCodeMessage(`${match.count} lines start with “${text}”: type more of the SKU.`);
      return;
    }
    // Not a SKU of the sheet: perhaps a barcode of one of its products.
    const found = await findByBarcode({ locationId: sheet.locationId, barcode: text }, true);
    const line = found.data
      ? sheet.lines.find((candidate) => candidate.productId === found.data?.productId)
      : undefined;
    if (line) jumpTo(line);
    else setCodeMessage(`No line of this sheet has the SKU or barcode “${text}”.`);
  };

  const save = async () => {
    setSaveError(null);
    const submission = buildCountSubmission(sheet.lines, entries);
    if (submission.kind === 'empty') {
      setSaveError('Enter a count first.');
      return;
    }
    if (submission.kind === 'invalid') {
      setInvalid(new Set(submission.lineNos));
      setSaveError(
        `${submission.lineNos.length === 1 ? 'One count is' : `${submission.lineNos.length} counts are`} not a whole number: ${QUANTITY_ERROR}`,
      );
      const first = submission.lineNos[0];
      if (first !== undefined) {
        const line = sheet.lines.find((candidate) => candidate.lineNo === first);
        if (line) jumpTo(line);
      }
      return;
    }
    try {
      const saved = await enterCounts({
        id: sheet.id,
        body: submission.body,
        idempotencyKey: idempotency.keyFor({ id: sheet.id, body: submission.body }),
      }).unwrap();
      idempotency.settle();
      setEntries((current) => keepOpenEntries(saved.lines, current));
      notifySuccess(
        `${CYCLE_COUNT_SUCCESS.counts}: ${submission.lineNos.length} ${submission.lineNos.length === 1 ? 'line' : 'lines'}`,
      );
      // Save counts is disabled now (nothing left unsaved), which drops its focus: the counter
      // goes on at the next line to count under the filter shown, or at the progress when done.
      landAfterSave(saved.lines);
    } catch (error) {
      setSaveError(getErrorMessage(error, CYCLE_COUNT_ERRORS.counts));
      setFocusRequest({ kind: 'save' });
    }
  };

  const landAfterSave = (lines: readonly TCycleCountLine[]) => {
    const shownLines = lines.filter((line) => matchesLineFilter(line, filter));
    const index = shownLines.findIndex(isCountable);
    const next = shownLines[index];
    if (!next) {
      setFocusRequest({ kind: 'progress' });
      return;
    }
    setShown((current) => Math.max(current, index + 1));
    setFocusRequest({ kind: 'line', lineNo: next.lineNo });
  };

  return (
    <Box>
      <Box
        component="section"
        ref={progressRef}
        aria-label="Count progress"
        sx={{
          position: 'sticky',
          top: STICKY_TOP,
          zIndex: 2,
          bgcolor: 'background.default',
          pt: 1,
          pb: 2,
          borderBottom: 1,
          borderColor: 'divider',
          mb: 2,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
          <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {sheet.linesCounted} of {sheet.lineCount} counted
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label="Lines counted"
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          {isOpen ? (
            <Button
              variant="contained"
              size="large"
              startIcon={<SaveIcon />}
              ref={saveRef}
              onClick={() => void save()}
              disabled={enterState.isLoading || unsaved === 0}
              sx={{ minHeight: TOUCH_TARGET_PX, whiteSpace: 'nowrap' }}
            >
              {enterState.isLoading ? 'Saving...' : unsaved > 0 ? `Save counts (${unsaved})` : 'Save counts'}
            </Button>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setCodeMessage(null);
            }}
            label="Scan or type a SKU or barcode"
            autoComplete="off"
            inputRef={scanRef}
            helperText={codeMessage ?? 'Enter jumps to its line'}
            error={codeMessage !== null && codeMessage.startsWith('No line')}
            slotProps={{
              htmlInput: {
                enterKeyHint: 'go',
                onKeyDown: (event: { key: string; preventDefault: () => void }) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void jump();
                  }
                },
                style: { minHeight: TOUCH_TARGET_PX - 16 },
              },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <QrCodeScannerIcon />
                  </InputAdornment>
                ),
                endAdornment: barcodeState.isFetching ? (
                  <InputAdornment position="end">…</InputAdornment>
                ) : null,
              },
            }}
            sx={{ flex: '1 1 280px', '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
          />
          <ToggleButtonGroup
            exclusive
            value={filter}
            aria-label="Show lines"
            onChange={(_event, next: LineFilter | null) => {
              if (!next) return;
              setFilter(next);
              setShown(LINES_PER_BATCH);
            }}
            sx={{ bgcolor: 'background.paper', flexWrap: 'wrap' }}
          >
            {LINE_FILTERS.map((option) => (
              <ToggleButton
                key={option}
                value={option}
                sx={{
                  minHeight: TOUCH_TARGET_PX,
                  px: 1.5,
                  color: 'text.secondary',
                  '&.Mui-selected': { color: 'text.primary' },
                }}
              >
                {LINE_FILTER_LABELS[option]} ({counts[option]})
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        {saveError ? (
          <Alert severity="error" sx={{ mt: 2 }} onClose={() => setSaveError(null)}>
            {saveError}
          </Alert>
        ) : null}
      </Box>
      {visible.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {emptyLinesText(filter, isOpen)}
        </Typography>
      ) : (
        <Box component="ul" aria-label="Lines" sx={{ display: 'grid', gap: 1, p: 0, m: 0 }}>
          {visible.slice(0, shown).map((line) => (
            <CountLineRow
              key={line.lineNo}
              line={line}
              value={entries[line.lineNo] ?? ''}
              error={invalid.has(line.lineNo) ? QUANTITY_ERROR : undefined}
              isHighlighted={highlighted === line.lineNo}
              isDisabled={!isOpen}
              onChange={change}
              onDone={backToScan}
            />
          ))}
        </Box>
      )}
      {visible.length > shown ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => setShown((current) => current + LINES_PER_BATCH)}
            sx={{ minHeight: TOUCH_TARGET_PX }}
          >
            Show {Math.min(LINES_PER_BATCH, visible.length - shown)} more of {visible.length - shown}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
