import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TCreatedMovements, TStockMovement } from '@app/contracts';
import { useId, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../components/toast';
import { CODES_ONCE_TEXT, COPY_FAILED_TEXT, MOVEMENT_MESSAGES, MOVEMENT_SUCCESS } from '../messages';
import { END_LABELS, describeMovement, formatCode, type MovementEnd } from '../movement-format';
import { useDownloadMovementDocumentMutation } from '../stock-movements.api';

const LISTED_ITEMS = 4;

/** The one location all movements share at an end, for "at North Depot"; null when they differ. */
function sharedLocation(movements: readonly TStockMovement[], end: MovementEnd): string | null {
  const names = new Set(
    movements.map((movement) =>
      end === 'source' ? movement.sourceLocationName : movement.destinationLocationName,
    ),
  );
  return names.size === 1 ? ([...names][0] ?? null) : null;
}

type CodeCardProps = { end: MovementEnd; code: string; location: string | null };

function CodeCard({ end, code, location }: CodeCardProps) {
  const labelId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notifySuccess(MOVEMENT_SUCCESS.codeCopied(END_LABELS[end]));
    } catch {
      notifyError(COPY_FAILED_TEXT);
    }
  };
  const who = end === 'source' ? 'whoever sends the stock' : 'whoever receives the stock';
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id={labelId} variant="subtitle2" component="h3">
        {END_LABELS[end]} code
      </Typography>
      <Typography variant="body2" color="text.secondary">
        For {who}
        {location ? ` at ${location}` : ''}.
      </Typography>
      <Typography
        aria-labelledby={labelId}
        sx={{
          fontFamily: '"Roboto Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 40,
          fontWeight: 600,
          letterSpacing: '0.08em',
          lineHeight: 1.2,
          userSelect: 'all',
          fontVariantNumeric: 'tabular-nums',
        }}
        data-testid={`${end}-code`}
      >
        {formatCode(code)}
      </Typography>
      <Box>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopyIcon fontSize="small" />}
          onClick={() => void copy()}
          aria-label={`Copy ${end} code`}
        >
          Copy
        </Button>
      </Box>
    </Paper>
  );
}

type CodesDialogProps = { created: TCreatedMovements; onClose: () => void };

/**
 * The codes of new movements, shown this once (the server keeps only their hashes): large, with
 * copy buttons and the transfer document that prints them. Closing before the document was
 * saved asks first, since without the codes nobody can validate the movement.
 */
export function CodesDialog({ created, onClose }: CodesDialogProps) {
  const titleId = useId();
  const [isPrinted, setIsPrinted] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [downloadDocument, download] = useDownloadMovementDocumentMutation();
  const { movements } = created;
  const first = movements[0];
  const count = movements.length;

  const print = async () => {
    if (!first) return;
    try {
      // Only the creator's first download prints the codes; later copies leave them out.
      const { fileName } = await downloadDocument({
        id: first.id,
        codes: isPrinted
          ? undefined
          : { source: created.sourceValidationCode, destination: created.destinationValidationCode },
      }).unwrap();
      setIsPrinted(true);
      notifySuccess(MOVEMENT_SUCCESS.documentSaved(fileName));
    } catch (error) {
      notifyError(getErrorMessage(error, MOVEMENT_MESSAGES.document));
    }
  };

  const requestClose = () => {
    if (isPrinted) onClose();
    else setIsConfirming(true);
  };

  return (
    <>
      <Dialog
        open
        maxWidth="sm"
        fullWidth
        aria-labelledby={titleId}
        onClose={(_event, reason) => {
          // A stray click beside the dialog must not throw the codes away.
          if (reason !== 'backdropClick') requestClose();
        }}
      >
        <DialogTitle id={titleId}>
          {count > 1 ? `Batch of ${count} movements created` : 'Movement created'}
        </DialogTitle>
        <DialogContent dividers>
          {count === 1 && first ? (
            <Typography variant="body2" sx={{ mb: 2 }}>
              {describeMovement(first)}
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, mb: 2, pl: 2.5 }}>
              {movements.slice(0, LISTED_ITEMS).map((movement) => (
                <Typography component="li" variant="body2" key={movement.id}>
                  {describeMovement(movement)}
                </Typography>
              ))}
              {count > LISTED_ITEMS ? (
                <Typography component="li" variant="body2" color="text.secondary">
                  and {count - LISTED_ITEMS} more
                </Typography>
              ) : null}
            </Box>
          )}
          <Alert severity="warning" sx={{ mb: 2 }}>
            {CODES_ONCE_TEXT}
          </Alert>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
            <CodeCard
              end="source"
              code={created.sourceValidationCode}
              location={sharedLocation(movements, 'source')}
            />
            <CodeCard
              end="destination"
              code={created.destinationValidationCode}
              location={sharedLocation(movements, 'destination')}
            />
          </Box>
          {isPrinted ? (
            <Typography
              variant="body2"
              color="success.main"
              sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1 }}
              role="status"
            >
              <CheckCircleIcon fontSize="small" aria-hidden="true" />
              Transfer document saved with the codes. Further copies leave the codes out.
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={requestClose}>
            Done
          </Button>
          <Button
            variant={isPrinted ? 'outlined' : 'contained'}
            startIcon={<PrintIcon />}
            onClick={() => void print()}
            disabled={download.isLoading || !first}
            autoFocus
          >
            {download.isLoading ? 'Preparing…' : isPrinted ? 'Download again' : 'Print transfer document'}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={isConfirming}
        title="Close without the transfer document?"
        message="The codes will not be shown again. Without them nobody can validate this movement, and it will have to be cancelled."
        confirmLabel="Close anyway"
        cancelLabel="Go back"
        isDestructive
        onConfirm={() => {
          setIsConfirming(false);
          onClose();
        }}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}
