import BlockIcon from '@mui/icons-material/Block';
import CloseIcon from '@mui/icons-material/Close';
import MoveToInboxIcon from '@mui/icons-material/MoveToInboxOutlined';
import OutboxIcon from '@mui/icons-material/OutboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { shortId, type MovementEnd } from '../movement-format';

type BatchBarProps = {
  batchId: string;
  count: number;
  selectedCount: number;
  canValidate: boolean;
  /** Which ends the batch's movements wait for: only those are offered. */
  ends: { source: boolean; destination: boolean };
  onValidate: (end: MovementEnd) => void;
  onCancelSelected: () => void;
  onClose: () => void;
};

/**
 * Shown while the list is filtered to one batch: what applies to the batch as a whole (validate
 * at the end it waits for, with the batch's code) and the cancel of the movements ticked below.
 */
export function BatchBar({
  batchId,
  count,
  selectedCount,
  canValidate,
  ends,
  onValidate,
  onCancelSelected,
  onClose,
}: BatchBarProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ pl: 2, pr: 1, py: 1, mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}
    >
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography variant="subtitle2" component="p" noWrap>
          Batch{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {shortId(batchId)}
          </Box>
          {` · ${count} ${count === 1 ? 'movement' : 'movements'}`}
        </Typography>
        {canValidate ? (
          <Typography variant="caption" color="text.secondary" component="p" noWrap>
            Tick movements to cancel them together.
          </Typography>
        ) : null}
      </Box>
      {canValidate && ends.source ? (
        <Button
          size="small"
          startIcon={<OutboxIcon />}
          onClick={() => onValidate('source')}
          sx={{ flexShrink: 0 }}
        >
          Validate at source
        </Button>
      ) : null}
      {canValidate && ends.destination ? (
        <Button
          size="small"
          startIcon={<MoveToInboxIcon />}
          onClick={() => onValidate('destination')}
          sx={{ flexShrink: 0 }}
        >
          Validate at destination
        </Button>
      ) : null}
      {canValidate ? (
        <Button
          size="small"
          color="error"
          startIcon={<BlockIcon />}
          onClick={onCancelSelected}
          disabled={selectedCount === 0}
          sx={{ flexShrink: 0 }}
        >
          {selectedCount > 0 ? `Cancel selected (${selectedCount})` : 'Cancel selected'}
        </Button>
      ) : null}
      <Tooltip title="Show all movements">
        <IconButton size="small" aria-label="Show all movements" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
