import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCreatedMovements, TRowError } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { FileChooser } from '../../../components/file-chooser';
import { notifyError, notifySuccess } from '../../../components/toast';
import { MOVEMENT_MESSAGES, MOVEMENT_SUCCESS } from '../messages';
import { errorCode, errorDetails } from '../movement-requests';
import { useDownloadMovementTemplateMutation, useUploadMovementsMutation } from '../stock-movements.api';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';

const SHEET_TYPES = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

type Refusal = { message: string; rows: TRowError[]; total: number | null };

function isRowError(value: unknown): value is TRowError {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return typeof row.row === 'number' && typeof row.message === 'string';
}

/** The row-numbered errors of a refused sheet, and how many there were when the list is capped. */
function readRefusal(error: unknown): Refusal {
  const details = errorDetails(error);
  const rows = Array.isArray(details.rows) ? details.rows.filter(isRowError) : [];
  const total = [details.totalErrors, details.total, details.errorCount].find(
    (value): value is number => typeof value === 'number',
  );
  const message = getErrorMessage(error, MOVEMENT_MESSAGES.upload);
  // The server's message names the first problem: a list of that one alone would repeat it.
  const [only] = rows;
  const listed = rows.length === 1 && only && message.includes(only.message) ? [] : rows;
  return { message, rows: listed, total: total ?? null };
}

export function TemplateButtons() {
  const [downloadTemplate, download] = useDownloadMovementTemplateMutation();
  const get = async (format: 'excel' | 'csv') => {
    try {
      await downloadTemplate(format).unwrap();
    } catch (error) {
      notifyError(
        getErrorMessage(
          error,
          format === 'excel' ? MOVEMENT_MESSAGES.templateExcel : MOVEMENT_MESSAGES.templateCsv,
        ),
      );
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={() => void get('excel')}
        disabled={download.isLoading}
      >
        Excel template
      </Button>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={() => void get('csv')}
        disabled={download.isLoading}
      >
        CSV template
      </Button>
    </Box>
  );
}

type UploadMovementsDialogProps = {
  onUploaded: (created: TCreatedMovements) => void;
  onClose: () => void;
};

/**
 * A movement sheet (CSV or Excel: sku, source, destination, quantity; locations by name) becomes
 * one batch. A refused sheet lists its rows' errors and creates nothing.
 */
export function UploadMovementsDialog({ onUploaded, onClose }: UploadMovementsDialogProps) {
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [uploadMovements, { isLoading }] = useUploadMovementsMutation();
  const idempotency = useIdempotencyKey();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setFileError('Choose a CSV or Excel file.');
      return;
    }
    setRefusal(null);
    const trimmed = note.trim() === '' ? null : note.trim();
    // The same file and note again is a retry of this upload; another file is a new one.
    const fingerprint = { name: file.name, size: file.size, modified: file.lastModified, note: trimmed };
    try {
      const created = await uploadMovements({
        file,
        note: trimmed,
        idempotencyKey: idempotency.keyFor(fingerprint),
      }).unwrap();
      idempotency.settle();
      notifySuccess(MOVEMENT_SUCCESS.uploaded(created.movements.length));
      onUploaded(created);
    } catch (error) {
      // The base API opened "Feature Locked": this dialog has nothing more to say.
      if (errorCode(error) === 'PLAN_VIOLATION') onClose();
      else setRefusal(readRefusal(error));
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId}>Upload a movement sheet</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            A CSV or Excel file with the columns sku, source, destination and quantity, locations by name. The
            whole sheet becomes one batch with one pair of codes.
          </Typography>
          <Box sx={{ mb: 2 }}>
            <TemplateButtons />
          </Box>
          <FileChooser
            file={file}
            onChange={(next) => {
              setFile(next);
              setFileError(null);
              setRefusal(null);
            }}
            accept={SHEET_TYPES}
            label="Movement sheet"
            name="file"
            helperText="CSV or Excel (.xlsx), at most 10 MB."
            error={fileError}
            disabled={isLoading}
          />
          <TextField
            label="Note"
            name="note"
            fullWidth
            value={note}
            onChange={(event) => setNote(event.target.value)}
            helperText="Optional, for the whole batch."
            disabled={isLoading}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {isLoading ? <LinearProgress sx={{ mt: 2 }} aria-label="Uploading the sheet" /> : null}
          {refusal ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              <Typography variant="body2">{refusal.message}</Typography>
              {refusal.rows.length > 0 ? (
                <>
                  {refusal.total !== null && refusal.total > refusal.rows.length ? (
                    <Typography variant="body2" sx={{ mt: 1 }}>
                      The first {refusal.rows.length} of {refusal.total} problems:
                    </Typography>
                  ) : null}
                  <Box
                    component="ul"
                    aria-label="Rows to fix"
                    tabIndex={0}
                    sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 220, overflow: 'auto' }}
                  >
                    {refusal.rows.map((row, index) => (
                      <Typography component="li" variant="body2" key={`${row.row}-${index}`}>
                        <strong>Row {row.row}</strong>
                        {row.column ? ` (${row.column})` : ''}: {row.message}
                      </Typography>
                    ))}
                  </Box>
                </>
              ) : null}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Uploading…' : 'Upload'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
