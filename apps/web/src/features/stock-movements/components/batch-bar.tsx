import BlockIcon from '@mui/icons-material/Block';
import MoveToInboxIcon from '@mui/icons-material/MoveToInboxOutlined';
import OutboxIcon from '@mui/icons-material/OutboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { shortId, type MovementEnd } from '../movement-format';

type BatchBarProps = {
  batchId: string;
  count: number;
  selectedCount: number;
  canValidate: boolean;
  onValidate: (end: MovementEnd) => void;
  onCancelSelected: () => void;
};

/**
 * Shown while the list is filtered to one batch: what applies to the batch as a whole (validate
 * at either end, with the batch's code) and the cancel of the movements ticked in the list.
 */
export function BatchBar({
  batchId,
  count,
  selectedCount,
  canValidate,
  onValidate,
  onCancelSelected,
}: BatchBarProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ px: 2, py: 1, mb: 2, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography variant="subtitle2" component="p">
          Batch{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {shortId(batchId)}
          </Box>
          {` · ${count} ${count === 1 ? 'movement' : 'movements'}`}
        </Typography>
        {canValidate ? (
          <Typography variant="caption" color="text.secondary">
            Tick movements to cancel them together.
          </Typography>
        ) : null}
      </Box>
      {canValidate ? (
        <>
          <Button size="small" startIcon={<OutboxIcon />} onClick={() => onValidate('source')}>
            Validate batch at source
          </Button>
          <Button size="small" startIcon={<MoveToInboxIcon />} onClick={() => onValidate('destination')}>
            Validate batch at destination
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<BlockIcon />}
            onClick={onCancelSelected}
            disabled={selectedCount === 0}
          >
            {selectedCount > 0 ? `Cancel selected (${selectedCount})` : 'Cancel selected'}
          </Button>
        </>
      ) : null}
    </Paper>
  );
}
