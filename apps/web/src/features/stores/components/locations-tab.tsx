import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import NearMeOutlinedIcon from '@mui/icons-material/NearMeOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isPermitted, type TLocation } from '@app/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import {
  EmptyState,
  ListToolbar,
  NoWrap,
  RowAction,
  SearchField,
  StatusChip,
  StatusFilter,
  matchesActiveFilter,
  matchesSearch,
  type ActiveFilter,
} from '../../../components/list-controls';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../components/toast';
import { selectRoles } from '../../../session/session.slice';
import { USAGE_LABELS, formatAddress, formatCoordinates } from '../location-format';
import { LOCATION_ERRORS, LOCATION_SUCCESS } from '../messages';
import {
  useDeleteLocationMutation,
  useDiscontinueLocationMutation,
  useListLocationsQuery,
  useReactivateLocationMutation,
} from '../stores.api';
import { LocationDialog } from './location-dialog';
import { NearbyDialog } from './nearby-dialog';

type LocationRow = TLocation & { address: string; usage: string };

export const NO_LOCATIONS_TEXT =
  'No locations yet. Add your first location, then put a store or a warehouse there.';
export const NO_MATCHING_LOCATIONS_TEXT = 'No locations match the search and filter.';

type LocationsTabProps = {
  /** The page title and the tabs, shown above this tab's list. */
  title: string;
  subtitle: string;
  tabs: ReactNode;
  /** Makes the list below the tabs their tab panel. */
  panelProps: { role: string; id: string; 'aria-labelledby': string };
};

/** The Locations tab: every place of the business, what uses it, and the "Nearby" check. */
export function LocationsTab({ title, subtitle, tabs, panelProps }: LocationsTabProps) {
  const roles = useSelector(selectRoles);
  const canCreate = isPermitted(roles, 'inventory:create');
  const canUpdate = isPermitted(roles, 'inventory:update');
  const canDelete = isPermitted(roles, 'inventory:delete');

  const [filter, setFilter] = useState<ActiveFilter>('active');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ location: TLocation | null } | null>(null);
  const [deleting, setDeleting] = useState<TLocation | null>(null);
  const [nearbyOrigin, setNearbyOrigin] = useState<{ location: TLocation | null } | null>(null);

  const list = useListLocationsQuery({ isDiscontinuedIncluded: filter !== 'active' });
  const [deleteLocation, deleteState] = useDeleteLocationMutation();
  const [discontinueLocation] = useDiscontinueLocationMutation();
  const [reactivateLocation] = useReactivateLocationMutation();

  const rows = useMemo<LocationRow[]>(
    () =>
      (list.data ?? [])
        .map((location) => ({
          ...location,
          address: formatAddress(location),
          usage: location.usedBy ? USAGE_LABELS[location.usedBy] : '',
        }))
        .filter(
          (location) =>
            matchesActiveFilter(location.active, filter) &&
            matchesSearch(search, [location.name, location.address, location.phone]),
        ),
    [list.data, filter, search],
  );
  const isFiltered = search.trim() !== '' || filter !== 'active';

  const toggleActive = async (location: TLocation) => {
    const isDiscontinuing = location.active;
    try {
      await (isDiscontinuing ? discontinueLocation : reactivateLocation)(location.id).unwrap();
      notifySuccess(isDiscontinuing ? LOCATION_SUCCESS.discontinue : LOCATION_SUCCESS.reactivate);
    } catch (error) {
      notifyError(
        getErrorMessage(error, isDiscontinuing ? LOCATION_ERRORS.discontinue : LOCATION_ERRORS.reactivate),
      );
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteLocation(deleting.id).unwrap();
      notifySuccess(LOCATION_SUCCESS.delete);
    } catch (error) {
      // 409 IN_USE names what still uses the location.
      notifyError(getErrorMessage(error, LOCATION_ERRORS.delete));
    }
    setDeleting(null);
  };

  const renderExtra = (location: LocationRow) => (
    <>
      <RowAction
        title="Stores nearby"
        rowLabel={location.name}
        icon={<NearMeOutlinedIcon fontSize="small" />}
        onClick={() => setNearbyOrigin({ location })}
        disabled={formatCoordinates(location) === null}
      />
      {canUpdate ? (
        <RowAction
          title={location.active ? 'Discontinue' : 'Reactivate'}
          rowLabel={location.name}
          icon={location.active ? <BlockIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
          onClick={() => void toggleActive(location)}
        />
      ) : null}
    </>
  );
  const columns: DataTableColumn<LocationRow>[] = [
    { id: 'name', label: 'Name' },
    {
      id: 'address',
      label: 'Address',
      // The coordinates under the address: one column less at 1024 px.
      format: (value, location) => (
        <>
          {value || '—'}
          {formatCoordinates(location) ? (
            <Typography variant="caption" color="text.secondary" component="div">
              <NoWrap>{formatCoordinates(location)}</NoWrap>
            </Typography>
          ) : null}
        </>
      ),
    },
    { id: 'phone', label: 'Phone', format: (value) => <NoWrap>{value ?? '—'}</NoWrap> },
    { id: 'usage', label: 'Serves', format: (value) => value || '—' },
    { id: 'active', label: 'Status', format: (value) => <StatusChip isActive={value} /> },
    { id: 'actions', label: 'Actions', render: renderExtra },
  ];

  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ location: null })}>
      Add location
    </Button>
  ) : null;

  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<NearMeOutlinedIcon />}
              onClick={() => setNearbyOrigin({ location: null })}
            >
              Nearby
            </Button>
            {addButton}
          </>
        }
      />
      {tabs}
      <Box {...panelProps}>
        <ListToolbar>
          <SearchField value={search} onChange={setSearch} label="Search locations" />
          <StatusFilter value={filter} onChange={setFilter} />
        </ListToolbar>
        {list.isError ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                Retry
              </Button>
            }
          >
            {getErrorMessage(list.error, LOCATION_ERRORS.list)}
          </Alert>
        ) : null}
        <DataTable
          title={list.data ? `${rows.length} ${rows.length === 1 ? 'location' : 'locations'}` : 'Locations'}
          ariaLabel="Locations"
          columns={columns}
          rows={rows}
          isLoading={list.isFetching}
          getRowLabel={(location) => location.name}
          onEdit={canUpdate ? (location) => setEditing({ location }) : undefined}
          onDelete={canDelete ? setDeleting : undefined}
          emptyContent={
            list.isError ? (
              'No data available'
            ) : isFiltered ? (
              NO_MATCHING_LOCATIONS_TEXT
            ) : (
              <EmptyState message={canCreate ? NO_LOCATIONS_TEXT : 'No locations yet.'} action={addButton} />
            )
          }
        />
      </Box>
      {editing ? <LocationDialog location={editing.location} onClose={() => setEditing(null)} /> : null}
      {nearbyOrigin ? (
        <NearbyDialog origin={nearbyOrigin.location ?? undefined} onClose={() => setNearbyOrigin(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        message={
          <>
            Delete <strong>{deleting?.name}</strong>? This cannot be undone. A location that a store, a
            warehouse, products or stock still use cannot be deleted; discontinue it instead.
          </>
        }
        isDestructive
        isBusy={deleteState.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
