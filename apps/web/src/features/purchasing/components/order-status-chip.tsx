import CircleIcon from '@mui/icons-material/Circle';
import Chip from '@mui/material/Chip';
import type { PurchaseOrderStatus } from '@app/contracts';
import { STATUS_LABELS } from '../messages';

/**
 * Each status its own colour, as a dot and the outline; the label stays in the text colour, since
 * orange and light blue text fail AA contrast on a light page and pale ones on a dark page.
 */
const STATUS_COLOURS: Record<PurchaseOrderStatus, string> = {
  DRAFT: 'text.disabled',
  SENT: 'info.main',
  PARTIALLY_RECEIVED: 'warning.main',
  RECEIVED: 'success.main',
  CLOSED: 'primary.main',
  CANCELLED: 'error.main',
};

export function OrderStatusChip({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CircleIcon aria-hidden="true" />}
      label={STATUS_LABELS[status]}
      data-status={status}
      sx={{
        borderColor: STATUS_COLOURS[status],
        '& .MuiChip-icon': { color: STATUS_COLOURS[status], fontSize: 10, ml: 1 },
      }}
    />
  );
}
