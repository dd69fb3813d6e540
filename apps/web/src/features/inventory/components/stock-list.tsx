import AddIcon from '@mui/icons-material/Add';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TLocation, TStockRow } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ListToolbar } from '../../../components/list-controls';
import { notifyError, notifySuccess } from '../../../components/toast';
import {
  useDeleteStockMutation,
  useDeleteZeroQuantityMutation,
  useReactivateStockMutation,
  useRetireStockMutation,
} from '../inventory.api';
import { INVENTORY_MESSAGES, INVENTORY_SUCCESS, zeroItemsRemoved } from '../messages';
import { useStockList } from '../use-stock-list';
import { AdjustDialog } from './adjust-dialog';
import { CountDialog } from './count-dialog';
import { HistoryDrawer } from './history-drawer';
import { SkuSearchField } from './sku-search-field';
import { ActiveFilter, LowStockFilter } from './stock-filters';
import { StockTable, type StockPermissions, type StockRowAction } from './stock-table';

export const EMPTY_STOCK_MESSAGE =
  'No stock records at this location yet. Add a stock record or upload a spreadsheet.';

type StockListProps = {
  location: TLocation;
  /** Opens under the low-stock filter (an alert's link led here). */
  isLowStockAtFirst?: boolean;
  permissions: StockPermissions;
  onAdd: () => void;
  onUpload: () => void;
};

type Open = { action: StockRowAction; row: TStockRow } | { action: 'remove-zero' } | null;

/** The location's stock list with its search, filters, row actions and their dialogs. */
export function StockList({
  location,
  isLowStockAtFirst = false,
  permissions,
  onAdd,
  onUpload,
}: StockListProps) {
  const list = useStockList(location.id, isLowStockAtFirst);
  const [open, setOpen] = useState<Open>(null);
  const [retireStock, retirement] = useRetireStockMutation();
  const [reactivateStock] = useReactivateStockMutation();
  const [deleteStock, deletion] = useDeleteStockMutation();
  const [deleteZeroQuantity, zeroRemoval] = useDeleteZeroQuantityMutation();
  const close = () => setOpen(null);

  const run = async (work: () => Promise<unknown>, success: string, fallback: string) => {
    try {
      await work();
      notifySuccess(success);
    } catch (error) {
      notifyError(getErrorMessage(error, fallback));
    }
  };

  const onAction = (action: StockRowAction, row: TStockRow) => {
    if (action === 'reactivate') {
      void run(
        () => reactivateStock({ id: row.id, locationId: row.locationId }).unwrap(),
        INVENTORY_SUCCESS.reactivated,
        INVENTORY_MESSAGES.reactivate,
      );
      return;
    }
    setOpen({ action, row });
  };

  const row = open && 'row' in open ? open.row : null;
  const target = row ? { id: row.id, locationId: row.locationId } : null;

  const confirmRetire = async () => {
    if (target)
      await run(() => retireStock(target).unwrap(), INVENTORY_SUCCESS.retired, INVENTORY_MESSAGES.retire);
    close();
  };
  const confirmDelete = async () => {
    if (target)
      await run(() => deleteStock(target).unwrap(), INVENTORY_SUCCESS.deleted, INVENTORY_MESSAGES.delete);
    close();
  };
  const confirmRemoveZero = async () => {
    try {
      const { deleted } = await deleteZeroQuantity(location.id).unwrap();
      notifySuccess(zeroItemsRemoved(deleted));
    } catch (error) {
      notifyError(getErrorMessage(error, INVENTORY_MESSAGES.deleteZero));
    }
    close();
  };

  const isFiltered = list.query !== '' || list.active !== 'true' || list.isLowStock;
  const emptyMessage = list.query
    ? `No stock records match "${list.query}".`
    : list.isLowStock
      ? 'Nothing runs low here: no item is under its reorder point.'
      : list.active === 'false'
        ? 'No retired stock records at this location.'
        : permissions.canCreate
          ? EMPTY_STOCK_MESSAGE
          : 'No stock records at this location yet.';

  return (
    <Box>
      <ListToolbar>
        <SkuSearchField
          variant="search"
          locationId={location.id}
          label="Search stock by SKU"
          placeholder="SKU or name"
          width={220}
          value={list.search}
          onChange={list.setSearch}
          onSelect={(suggestion) => list.setSearch(suggestion.sku)}
        />
        <ActiveFilter value={list.active} onChange={list.setActive} />
        <LowStockFilter isOn={list.isLowStock} onChange={list.setIsLowStock} />
        {permissions.canDelete ? (
          <Button
            color="inherit"
            startIcon={<DeleteSweepOutlinedIcon />}
            sx={{ ml: 'auto', color: 'text.secondary', whiteSpace: 'nowrap' }}
            onClick={() => setOpen({ action: 'remove-zero' })}
          >
            Remove items at zero
          </Button>
        ) : null}
      </ListToolbar>
      {list.error ? (
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
      <StockTable
        title={`Stock at ${location.name}`}
        rows={list.rows}
        isLoading={list.isLoading}
        pagination={list.pagination}
        permissions={permissions}
        onAction={onAction}
        emptyContent={
          list.error ? (
            'No data available'
          ) : (
            <EmptyState
              message={emptyMessage}
              action={
                permissions.canCreate && !isFiltered ? (
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button variant="outlined" startIcon={<AddIcon />} onClick={onAdd}>
                      Add stock record
                    </Button>
                    <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={onUpload}>
                      Upload spreadsheet
                    </Button>
                  </Box>
                ) : undefined
              }
            />
          )
        }
      />
      {open?.action === 'adjust' ? (
        <AdjustDialog item={open.row} locationName={location.name} onClose={close} />
      ) : null}
      {open?.action === 'count' ? (
        <CountDialog item={open.row} locationName={location.name} onClose={close} />
      ) : null}
      <HistoryDrawer
        item={open?.action === 'history' ? open.row : null}
        locationName={location.name}
        onClose={close}
      />
      <ConfirmDialog
        open={open?.action === 'retire'}
        title="Retire stock record"
        message={
          row ? (
            <>
              Retire <strong>{row.sku}</strong> ({row.productName}) at {location.name}? It leaves the stock
              list and keeps its history; reactivate it from the Retired filter at any time.
            </>
          ) : undefined
        }
        confirmLabel="Retire"
        isBusy={retirement.isLoading}
        onConfirm={() => void confirmRetire()}
        onCancel={close}
      />
      <ConfirmDialog
        open={open?.action === 'delete'}
        title="Delete stock record"
        message={
          row ? (
            <>
              Delete the stock record of <strong>{row.sku}</strong> ({row.productName}) at {location.name}?
              The product stays in the catalogue.
            </>
          ) : undefined
        }
        confirmLabel="Delete"
        isDestructive
        isBusy={deletion.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={close}
      />
      <ConfirmDialog
        open={open?.action === 'remove-zero'}
        title="Remove items at zero"
        message={`Delete every stock record at ${location.name} that holds 0 units? The products stay in the catalogue.`}
        confirmLabel="Remove"
        isDestructive
        isBusy={zeroRemoval.isLoading}
        onConfirm={() => void confirmRemoveZero()}
        onCancel={close}
      />
    </Box>
  );
}
