import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { TRowError } from '@app/contracts';
import { useId, useState } from 'react';
import { FileChooser } from '../../../components/file-chooser';
import { notifyError, notifySuccess } from '../../../components/toast';
import { bulkUploadFailed, rowsUploaded } from '../messages';
import { useInventoryUpload, type UploadMode, type UploadPhase } from '../use-inventory-upload';
import { RowErrorList } from './row-error-list';
import { TemplateButtons } from './template-buttons';

/** CSV and XLSX, by extension and by type (browsers disagree on a CSV's type). */
export const SPREADSHEET_ACCEPT = [
  '.csv',
  'text/csv',
  '.xlsx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** DESIGN 13: spreadsheets at most 10 MB. */
export const MAX_SPREADSHEET_BYTES = 10 * 1024 * 1024;

function isSpreadsheet(file: File): boolean {
  return /\.(csv|xlsx)$/i.test(file.name);
}

function ProgressLine({ phase }: { phase: UploadPhase }) {
  if (phase.step === 'idle') return null;
  const isSending = phase.step === 'sending' && phase.percent !== null;
  return (
    <Box aria-live="polite">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {phase.step === 'sending'
          ? `Sending the file${phase.percent !== null ? `: ${phase.percent} %` : '...'}`
          : 'Checking every row and saving the stock...'}
      </Typography>
      <LinearProgress
        aria-label="Upload progress"
        variant={isSending ? 'determinate' : 'indeterminate'}
        value={isSending ? phase.percent! : undefined}
      />
    </Box>
  );
}

type Refusal = { message: string; rows: TRowError[]; total: number };

/**
 * A stock spreadsheet (columns sku, barcode, quantity, location) added to the stock or setting
 * it. All rows or none: a refused sheet lists its rows to fix and changes nothing.
 */
export function BulkUploadDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const modeLabelId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<UploadMode>('add');
  const [fileError, setFileError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { upload, phase, isBusy } = useInventoryUpload();

  const choose = (next: File | null) => {
    setRefusal(null);
    setFileError(null);
    if (next && !isSpreadsheet(next)) {
      setFileError('Choose a CSV or an Excel (.xlsx) file.');
      setFile(null);
      return;
    }
    if (next && next.size > MAX_SPREADSHEET_BYTES) {
      setFileError('The file is over 10 MB. Split it into smaller files.');
      setFile(null);
      return;
    }
    setFile(next);
  };

  const send = async () => {
    if (!file) {
      setFileError('Choose the spreadsheet to upload.');
      return;
    }
    setRefusal(null);
    const outcome = await upload(file, mode);
    if (outcome.kind === 'uploaded') {
      notifySuccess(rowsUploaded(outcome.result.rows));
      onClose();
    } else if (outcome.kind === 'rejected') {
      setRefusal(outcome);
    } else if (outcome.kind === 'locked') {
      // "Feature Locked" is open over the page; this dialog has nothing more to offer.
      onClose();
    } else {
      notifyError(bulkUploadFailed(outcome.message));
    }
  };

  return (
    <Dialog open onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Upload stock spreadsheet</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        <Typography variant="body2" color="text.secondary">
          Columns <strong>sku</strong>, <strong>barcode</strong>, <strong>quantity</strong> and{' '}
          <strong>location</strong> (its name), one row per item. All rows or none: a sheet with an error
          changes nothing and lists the rows to fix.
        </Typography>
        <TemplateButtons />
        <FileChooser
          file={file}
          onChange={choose}
          accept={SPREADSHEET_ACCEPT}
          label="Stock spreadsheet"
          name="file"
          helperText="CSV or Excel (.xlsx), at most 10 MB and 50,000 rows."
          error={fileError}
          isRemovable
          disabled={isBusy}
        />
        <Box>
          <FormLabel id={modeLabelId}>The quantities in the file</FormLabel>
          <RadioGroup
            row
            aria-labelledby={modeLabelId}
            value={mode}
            onChange={(event) => {
              setMode(event.target.value as UploadMode);
              setRefusal(null);
            }}
          >
            <FormControlLabel
              value="add"
              control={<Radio size="small" />}
              label="Add to the stock (a delivery)"
              disabled={isBusy}
            />
            <FormControlLabel
              value="set"
              control={<Radio size="small" />}
              label="Replace the stock (a full count)"
              disabled={isBusy}
            />
          </RadioGroup>
        </Box>
        <ProgressLine phase={phase} />
        {refusal ? (
          <Box ref={(element: HTMLElement | null) => element?.scrollIntoView?.({ block: 'nearest' })}>
            <Alert severity="error" sx={{ mb: 1 }}>
              {refusal.total === 1
                ? '1 problem in the sheet. Nothing was saved.'
                : `${refusal.total} problems in the sheet. Nothing was saved.`}
            </Alert>
            <RowErrorList rows={refusal.rows} total={refusal.total} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={isBusy}>
          {isBusy ? 'Uploading...' : 'Upload'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
