import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TStockMovement } from '@app/contracts';
import { arrivedCount, describeArrival, describeMovement, STATUS_LABELS } from '../movement-format';

export const FOCUSED_MOVEMENT_LABEL = 'The movement of your alert';

type FocusedMovementBarProps = {
  movement: TStockMovement | undefined;
  /** Why the movement could not be read (gone, or the network). */
  error: string | null;
  onShowAll: () => void;
};

/**
 * Shown while the list holds only the movement an alert links to (`?movement=`): what it is and,
 * when it did not arrive as sent, what came and the destination's note, which is why the alert
 * was raised. "Show all movements" goes back to the whole list.
 */
export function FocusedMovementBar({ movement, error, onShowAll }: FocusedMovementBarProps) {
  const arrival = movement ? describeArrival(movement) : null;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={FOCUSED_MOVEMENT_LABEL}
      sx={{ pl: 2, pr: 1, py: 1, mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}
    >
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        {error ? (
          <>
            <Typography variant="subtitle2" component="p">
              This movement cannot be shown
            </Typography>
            <Typography variant="body2" color="text.secondary" component="p">
              {error}
            </Typography>
          </>
        ) : movement ? (
          <>
            <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {describeMovement(movement)}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              component="p"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {arrival ? `${arrivedCount(movement)}. ${arrival}` : STATUS_LABELS[movement.status]}
            </Typography>
          </>
        ) : (
          <Box aria-label="Loading the movement">
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="40%" />
          </Box>
        )}
      </Box>
      <Button size="small" onClick={onShowAll} sx={{ flexShrink: 0 }}>
        Show all movements
      </Button>
    </Paper>
  );
}
