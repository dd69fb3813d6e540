import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { isPermitted, type TCreatedMovements, type TLocation, type TStockMovement } from '@app/contracts';
import { useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../api/api-error';
import type { RowId } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/list-controls';
import { useListLocationChoicesQuery } from '../../components/location-picker.api';
import { notifyError, notifySuccess } from '../../components/toast';
import { selectRoles } from '../../session/session.slice';
import { BatchBar } from './components/batch-bar';
import { CancelMovementsDialog } from './components/cancel-movements-dialog';
import { CodesDialog } from './components/codes-dialog';
import { CreateMovementDialog } from './components/create-movement-dialog';
import { FocusedMovementBar } from './components/focused-movement-bar';
import { MovementFilters } from './components/movement-filters';
import { MovementTable, type MovementPermissions } from './components/movement-table';
import { UploadMovementsDialog } from './components/upload-movements-dialog';
import { ValidateDialog, type ValidateTarget } from './components/validate-dialog';
import { WeeklyMovementCard } from './components/weekly-movement-card';
import {
  EMPTY_MOVEMENTS_TEXT,
  MOVEMENT_MESSAGES,
  MOVEMENT_SUCCESS,
  NO_MATCHING_MOVEMENTS_TEXT,
} from './messages';
import { nextEnd } from './movement-format';
import { useDownloadMovementDocumentMutation } from './stock-movements.api';
import { useFocusedMovement } from './use-focused-movement';
import { useMovementList } from './use-movement-list';

const NO_LOCATIONS: readonly TLocation[] = [];

type Open =
  | { dialog: 'create' }
  | { dialog: 'upload' }
  | { dialog: 'codes'; created: TCreatedMovements }
  | { dialog: 'validate'; target: ValidateTarget }
  | { dialog: 'cancel'; movements: TStockMovement[] }
  | null;

type MovementsPanelProps = {
  /** The location chosen on the page: new movements leave from it by default. */
  location?: TLocation | null;
};

/**
 * The Movements tab of /dashboard/inventory: transfers between the business's locations, each
 * validated with a code at the source (the stock leaves) and at the destination (it arrives).
 * `?movement=<id>` shows that one movement alone, with what arrived, until "Show all movements"
 * or a search or filter.
 */
export function MovementsPanel({ location = null }: MovementsPanelProps) {
  const roles = useSelector(selectRoles);
  const permissions: MovementPermissions = {
    canCreate: isPermitted(roles, 'movements:create'),
    canValidate: isPermitted(roles, 'movements:validate'),
    canCancelLocked: isPermitted(roles, 'inventory:delete'),
  };
  const list = useMovementList();
  const focused = useFocusedMovement(list.pagination.rowsPerPage);
  const focusId = focused.id;
  const rootRef = useRef<HTMLDivElement>(null);
  const locations = useListLocationChoicesQuery().data ?? NO_LOCATIONS;
  const [open, setOpen] = useState<Open>(null);
  const [selectedIds, setSelectedIds] = useState<RowId[]>([]);
  // A new key clears the table's ticks once the ticked movements were cancelled.
  const [selectionRound, setSelectionRound] = useState(0);
  const [downloadDocument] = useDownloadMovementDocumentMutation();
  const close = () => setOpen(null);
  const batchId = list.filters.batchId;
  const selected = list.movements.filter((movement) => selectedIds.includes(movement.id));
  const canMove = locations.length >= 2;

  const leaveFocus = focused.leave;
  const showAll = () => {
    leaveFocus();
    // The button goes with the bar: the keyboard continues at the search, the list's first control.
    rootRef.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  };

  const saveDocument = async (movement: TStockMovement) => {
    try {
      const { fileName } = await downloadDocument({ id: movement.id }).unwrap();
      notifySuccess(MOVEMENT_SUCCESS.documentSaved(fileName));
    } catch (error) {
      notifyError(getErrorMessage(error, MOVEMENT_MESSAGES.document));
    }
  };

  const newMovementButton = (variant: 'contained' | 'outlined') => (
    <Tooltip title={canMove ? '' : 'A movement needs two locations: add another location first.'}>
      <span>
        <Button
          variant={variant}
          startIcon={<AddIcon />}
          onClick={() => setOpen({ dialog: 'create' })}
          disabled={!canMove}
          sx={{ whiteSpace: 'nowrap' }}
        >
          New movement
        </Button>
      </span>
    </Tooltip>
  );

  const emptyContent = focusId ? (
    'No data available'
  ) : list.error ? (
    'No data available'
  ) : list.hasFilters ? (
    <EmptyState
      message={NO_MATCHING_MOVEMENTS_TEXT}
      action={
        <Button variant="outlined" onClick={list.clearFilters}>
          Clear filters
        </Button>
      }
    />
  ) : (
    <EmptyState
      message={permissions.canCreate ? EMPTY_MOVEMENTS_TEXT : 'No stock movements yet.'}
      action={permissions.canCreate ? newMovementButton('outlined') : undefined}
    />
  );

  return (
    <Box ref={rootRef}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 auto', minWidth: 0 }}>
          Stock sent between locations, checked with a code at each end.
        </Typography>
        {permissions.canCreate ? (
          <>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => setOpen({ dialog: 'upload' })}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Upload sheet
            </Button>
            {newMovementButton('contained')}
          </>
        ) : null}
      </Box>
      <MovementFilters
        search={list.search}
        onSearchChange={(value) => {
          leaveFocus();
          list.setSearch(value);
        }}
        filters={list.filters}
        onFilterChange={(name, value) => {
          leaveFocus();
          list.setFilter(name, value);
        }}
        locations={locations}
      />
      {focusId ? (
        <FocusedMovementBar movement={focused.movement} error={focused.error} onShowAll={showAll} />
      ) : batchId ? (
        <BatchBar
          batchId={batchId}
          count={list.pagination.totalCount}
          selectedCount={selected.length}
          canValidate={permissions.canValidate}
          ends={{
            source: list.movements.some((movement) => nextEnd(movement) === 'source'),
            destination: list.movements.some((movement) => nextEnd(movement) === 'destination'),
          }}
          onClose={() => list.setFilter('batchId', '')}
          onValidate={(end) =>
            setOpen({
              dialog: 'validate',
              target: { kind: 'batch', batchId, count: list.pagination.totalCount, end },
            })
          }
          onCancelSelected={() => setOpen({ dialog: 'cancel', movements: selected })}
        />
      ) : null}
      {list.error && !focusId ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          {list.error}
        </Alert>
      ) : null}
      <MovementTable
        key={`${focusId ?? batchId}-${selectionRound}`}
        movements={focusId ? focused.rows : list.movements}
        pagination={focusId ? focused.pagination : list.pagination}
        isLoading={focusId ? focused.isFetching : list.isLoading}
        permissions={permissions}
        emptyContent={emptyContent}
        isSelectable={!focusId && Boolean(batchId) && permissions.canValidate}
        onSelectionChange={setSelectedIds}
        onValidate={(movement, end) =>
          setOpen({ dialog: 'validate', target: { kind: 'movement', movement, end } })
        }
        onCancel={(movement) => setOpen({ dialog: 'cancel', movements: [movement] })}
        onDocument={(movement) => void saveDocument(movement)}
        onShowBatch={(id) => {
          leaveFocus();
          list.setFilter('batchId', id);
        }}
      />
      <Box sx={{ mt: 3 }}>
        <WeeklyMovementCard />
      </Box>
      {open?.dialog === 'create' ? (
        <CreateMovementDialog
          locations={locations}
          preferredSourceId={location?.id ?? null}
          onCreated={(created) => setOpen({ dialog: 'codes', created })}
          onClose={close}
        />
      ) : null}
      {open?.dialog === 'upload' ? (
        <UploadMovementsDialog
          onUploaded={(created) => setOpen({ dialog: 'codes', created })}
          onClose={close}
        />
      ) : null}
      {open?.dialog === 'codes' ? <CodesDialog created={open.created} onClose={close} /> : null}
      {open?.dialog === 'validate' ? <ValidateDialog target={open.target} onClose={close} /> : null}
      {open?.dialog === 'cancel' ? (
        <CancelMovementsDialog
          movements={open.movements}
          onDone={(isCancelled) => {
            close();
            if (isCancelled) {
              setSelectedIds([]);
              setSelectionRound((round) => round + 1);
            }
          }}
        />
      ) : null}
    </Box>
  );
}
