import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { isPermitted } from '@app/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import {
  LocationPicker,
  NoLocationsState,
  useLocationChoice,
  type LocationChoice,
} from '../../components/location-picker';
import { selectRoles } from '../../session/session.slice';
import { AddStockDialog } from './components/add-stock-dialog';
import { BulkUploadDialog } from './components/bulk-upload-dialog';
import { StockList } from './components/stock-list';
import { StockValueStrip } from './components/stock-value-strip';
import type { StockPermissions } from './components/stock-table';

export { EMPTY_STOCK_MESSAGE } from './components/stock-list';

type StockTabProps = {
  /** The page's header, given this tab's actions (the location picker first). */
  renderHeader: (actions: ReactNode) => ReactNode;
  /** The page's tabs, shown under the header. */
  tabs: ReactNode;
  panelProps: Record<string, string>;
};

export function useStockPermissions(): StockPermissions {
  const roles = useSelector(selectRoles);
  return {
    canCreate: isPermitted(roles, 'inventory:create'),
    canAdjust: isPermitted(roles, 'inventory:adjust'),
    canUpdate: isPermitted(roles, 'inventory:update'),
    canDelete: isPermitted(roles, 'inventory:delete'),
    canSeeValue: isPermitted(roles, 'inventory:value'),
  };
}

/**
 * `?location=<id>&lowStock=1` (the link of a "stock under reorder point" alert), read once from the
 * address the tab opened with: once the locations are known, that location is chosen (and
 * remembered, as a choice in the picker is) and its list opens under the low-stock filter. The
 * parameters then leave the address, so the picker and the filter are the user's again. Answers
 * the location whose list starts filtered.
 */
function useArrival(choice: LocationChoice): string | null {
  const [params, setParams] = useSearchParams();
  const [arrival] = useState(() => ({
    locationId: params.get('location'),
    isLowStock: params.get('lowStock') === '1',
  }));
  const { locations, locationId, select } = choice;
  const isKnown = locations.some((candidate) => candidate.id === arrival.locationId);
  const target = isKnown ? arrival.locationId : locationId;
  // undefined: not decided until the locations are known; decided once, while rendering.
  const [lowStockFor, setLowStockFor] = useState<string | null | undefined>(
    arrival.isLowStock ? undefined : null,
  );
  if (lowStockFor === undefined && locations.length > 0) setLowStockFor(target);

  const hasArrived = useRef(false);
  useEffect(() => {
    if (locations.length === 0 || hasArrived.current) return;
    hasArrived.current = true;
    if (!arrival.locationId && !arrival.isLowStock) return;
    if (target && target !== locationId) select(target);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('location');
        next.delete('lowStock');
        return next;
      },
      { replace: true },
    );
  }, [arrival, locations, locationId, target, select, setParams]);

  return lowStockFor ?? null;
}

/**
 * The Stock tab of /dashboard/inventory: the chosen location's stock records, and everything
 * that changes them (add, adjust, count, retire, delete, spreadsheets). The location picker sits
 * in the page header with this tab's primary actions.
 */
export function StockTab({ renderHeader, tabs, panelProps }: StockTabProps) {
  const permissions = useStockPermissions();
  const choice = useLocationChoice();
  const [dialog, setDialog] = useState<'add' | 'upload' | null>(null);
  const location = choice.location;
  const lowStockFor = useArrival(choice);

  const actions = choice.isEmpty ? null : (
    <>
      <LocationPicker choice={choice} width={200} />
      {location && permissions.canCreate ? (
        <>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            onClick={() => setDialog('upload')}
          >
            Upload
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            onClick={() => setDialog('add')}
          >
            Add stock record
          </Button>
        </>
      ) : null}
    </>
  );

  return (
    <>
      {renderHeader(actions)}
      {tabs}
      <Box {...panelProps}>
        {choice.isEmpty ? <NoLocationsState subject="Stock records" /> : null}
        {choice.error ? <Alert severity="error">{choice.error}</Alert> : null}
        {choice.isLoading ? (
          <Box>
            <Skeleton variant="rounded" height={40} width={420} sx={{ mb: 2 }} />
            <Skeleton variant="rounded" height={320} />
          </Box>
        ) : null}
        {location && permissions.canSeeValue ? (
          <StockValueStrip key={`value-${location.id}`} location={location} />
        ) : null}
        {location ? (
          <StockList
            key={location.id}
            location={location}
            isLowStockAtFirst={lowStockFor === location.id}
            permissions={permissions}
            onAdd={() => setDialog('add')}
            onUpload={() => setDialog('upload')}
          />
        ) : null}
      </Box>
      {dialog === 'add' && location ? (
        <AddStockDialog location={location} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'upload' ? <BulkUploadDialog onClose={() => setDialog(null)} /> : null}
    </>
  );
}
