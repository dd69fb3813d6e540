import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { isPermitted } from '@app/contracts';
import { useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { LocationPicker, NoLocationsState, useLocationChoice } from '../../components/location-picker';
import { selectRoles } from '../../session/session.slice';
import { AddStockDialog } from './components/add-stock-dialog';
import { BulkUploadDialog } from './components/bulk-upload-dialog';
import { StockList } from './components/stock-list';
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
  };
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
        {location ? (
          <StockList
            key={location.id}
            location={location}
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
