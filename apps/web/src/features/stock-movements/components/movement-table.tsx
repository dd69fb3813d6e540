import BlockIcon from '@mui/icons-material/Block';
import CircleIcon from '@mui/icons-material/Circle';
import EastIcon from '@mui/icons-material/East';
import LockIcon from '@mui/icons-material/Lock';
import MoveToInboxIcon from '@mui/icons-material/MoveToInboxOutlined';
import OutboxIcon from '@mui/icons-material/OutboxOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MovementStatus, TStockMovement } from '@app/contracts';
import type { ReactNode } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  type RowId,
} from '../../../components/data-table/data-table';
import { RowAction } from '../../../components/list-controls';
import { LOCKED_HINT } from '../messages';
import {
  STATUS_LABELS,
  arrivedCount,
  describeArrival,
  describeMovement,
  formatDayAndTime,
  isOpen,
  nextEnd,
  shortId,
  type MovementEnd,
} from '../movement-format';

export type MovementPermissions = {
  canCreate: boolean;
  canValidate: boolean;
  /** inventory:delete: the only way out of a locked movement is their cancel. */
  canCancelLocked: boolean;
};

/** The dot of each status; the label is in the text colour, since orange and light blue text fail AA. */
const STATUS_DOTS: Record<MovementStatus, string> = {
  PENDING: 'warning.main',
  IN_TRANSIT: 'info.main',
  COMPLETED: 'success.main',
  CANCELLED: 'text.disabled',
};

export function MovementStatusChip({ movement }: { movement: TStockMovement }) {
  const arrival = describeArrival(movement);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        icon={<CircleIcon aria-hidden="true" />}
        label={STATUS_LABELS[movement.status]}
        sx={{ '& .MuiChip-icon': { color: STATUS_DOTS[movement.status], fontSize: 10, ml: 1 } }}
      />
      {arrival ? (
        <Tooltip title={arrival}>
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<WarningAmberIcon aria-hidden="true" />}
            label={arrivedCount(movement)}
            tabIndex={0}
            // Orange text fails AA on paper (axe): the words stay neutral, the border and icon warn.
            sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
          />
        </Tooltip>
      ) : null}
      {movement.isLocked ? (
        <Tooltip title={LOCKED_HINT}>
          <Chip
            size="small"
            color="error"
            variant="outlined"
            icon={<LockIcon fontSize="small" />}
            label="Locked"
            tabIndex={0}
          />
        </Tooltip>
      ) : null}
    </Box>
  );
}

/**
 * Names may wrap to a second line and are cut only after it (the whole name on hover): locations
 * often share their first words ("Demo Market Old Town", "Demo Market Riverside"), so a one-line
 * cut left several destinations reading alike.
 */
export const LOCATION_NAME_LINES = 2;

function LocationName({ name }: { name: string }) {
  return (
    <Typography
      variant="body2"
      title={name}
      sx={{
        minWidth: 0,
        // Not "anywhere": that would let the table squeeze the column until words break.
        overflowWrap: 'break-word',
        display: '-webkit-box',
        WebkitLineClamp: LOCATION_NAME_LINES,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      {name}
    </Typography>
  );
}

type MovementTableProps = {
  movements: readonly TStockMovement[];
  pagination: DataTablePagination;
  isLoading: boolean;
  permissions: MovementPermissions;
  emptyContent: ReactNode;
  /** Rows can be chosen (a batch is shown): their cancel goes out as one. */
  isSelectable: boolean;
  onSelectionChange: (ids: RowId[]) => void;
  onValidate: (movement: TStockMovement, end: MovementEnd) => void;
  onCancel: (movement: TStockMovement) => void;
  onDocument: (movement: TStockMovement) => void;
  onShowBatch: (batchId: string) => void;
};

/** The movements, newest first: what moves, from where to where, how far it got, and its actions. */
export function MovementTable({
  movements,
  pagination,
  isLoading,
  permissions,
  emptyContent,
  isSelectable,
  onSelectionChange,
  onValidate,
  onCancel,
  onDocument,
  onShowBatch,
}: MovementTableProps) {
  const renderActions = (movement: TStockMovement) => {
    const label = describeMovement(movement);
    const end = nextEnd(movement);
    const canCancel = permissions.canValidate && isOpen(movement);
    const isCancelRefused = movement.isLocked && !permissions.canCancelLocked;
    return (
      <>
        {end && permissions.canValidate ? (
          <RowAction
            title={end === 'source' ? 'Validate at source' : 'Validate at destination'}
            rowLabel={label}
            icon={end === 'source' ? <OutboxIcon fontSize="small" /> : <MoveToInboxIcon fontSize="small" />}
            onClick={() => onValidate(movement, end)}
          />
        ) : null}
        {canCancel ? (
          <RowAction
            title={isCancelRefused ? 'Only an inventory administrator can cancel it' : 'Cancel movement'}
            rowLabel={label}
            icon={<BlockIcon fontSize="small" />}
            onClick={() => onCancel(movement)}
            disabled={isCancelRefused}
          />
        ) : null}
        <RowAction
          title="Transfer document"
          rowLabel={label}
          icon={<PictureAsPdfIcon fontSize="small" />}
          onClick={() => onDocument(movement)}
        />
      </>
    );
  };

  const columns: DataTableColumn<TStockMovement>[] = [
    {
      id: 'createdAt',
      label: 'Created',
      render: (movement) => {
        const { day, time } = formatDayAndTime(movement.createdAt);
        return (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <Typography variant="body2">{day}</Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {time}
            </Typography>
          </Box>
        );
      },
    },
    {
      id: 'sku',
      label: 'SKU / Product',
      render: (movement) => (
        <Box sx={{ maxWidth: 130 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }} title={movement.sku} noWrap>
            {movement.sku}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            title={movement.productName}
            noWrap
            component="div"
          >
            {movement.productName}
          </Typography>
        </Box>
      ),
    },
    { id: 'quantity', label: 'Qty', numeric: true },
    {
      id: 'sourceLocationName',
      label: 'From → To',
      render: (movement) => (
        <Box sx={{ maxWidth: 200 }} data-testid="movement-route">
          <LocationName name={movement.sourceLocationName} />
          {/* Top-aligned: the arrow stays by the first line of a name that wraps. */}
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
            <EastIcon sx={{ fontSize: 14, color: 'text.secondary', mt: '3px' }} aria-label="to" />
            <LocationName name={movement.destinationLocationName} />
          </Box>
        </Box>
      ),
    },
    { id: 'status', label: 'Status', render: (movement) => <MovementStatusChip movement={movement} /> },
    {
      id: 'batchId',
      label: 'Batch',
      render: (movement) =>
        movement.batchId ? (
          <Tooltip title="Show this batch only">
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => onShowBatch(movement.batchId!)}
              aria-label={`Show batch ${shortId(movement.batchId)}`}
              sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
            >
              {shortId(movement.batchId)}
            </Link>
          </Tooltip>
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            Single
          </Typography>
        ),
    },
    { id: 'actions', label: 'Actions', render: renderActions },
  ];

  return (
    <DataTable
      title="Stock movements"
      ariaLabel="Stock movements"
      columns={columns}
      rows={movements}
      isLoading={isLoading}
      pagination={pagination}
      isDense
      isSelectable={isSelectable}
      onSelectionChange={onSelectionChange}
      getRowLabel={describeMovement}
      emptyContent={emptyContent}
    />
  );
}
