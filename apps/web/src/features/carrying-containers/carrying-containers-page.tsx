import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { isPermitted, type TContainer } from '@app/contracts';
import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import {
  EmptyState,
  ListToolbar,
  RowAction,
  SearchField,
  StatusChip,
  matchesSearch,
} from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { RouterLink } from '../../components/router-link';
import { notifyError, notifySuccess } from '../../components/toast';
import { selectRoles, selectSessionUser } from '../../session/session.slice';
import {
  useDeleteContainerMutation,
  useDiscontinueContainerMutation,
  useListContainerStoresQuery,
  useListContainersQuery,
  useReactivateContainerMutation,
} from './carrying-containers.api';
import { ContainerDialog } from './components/container-dialog';
import { CONTAINER_TYPE_LABELS } from './container-types';
import { CONTAINER_ERRORS, CONTAINER_SUCCESS } from './messages';
import { useRememberedStore } from './use-remembered-store';

export const NO_STORES_TEXT = 'No stores yet. Add a store first, then give it its baskets and carts.';
export const NO_MATCH_TEXT = 'No carrying containers match the search.';
export const noContainersText = (storeName: string) =>
  `No carrying containers at ${storeName} yet. Add your first container.`;

const kilograms = (value: number | null) => (value === null ? '—' : `${value.toLocaleString()} kg`);

/** /dashboard/carrying-container: the baskets, carts and bags of one store at a time. */
export function CarryingContainersPage() {
  const roles = useSelector(selectRoles);
  const user = useSelector(selectSessionUser);
  const canCreate = isPermitted(roles, 'inventory:create');
  const canUpdate = isPermitted(roles, 'inventory:update');
  const canDelete = isPermitted(roles, 'inventory:delete');

  const stores = useListContainerStoresQuery();
  const [store, pickStore] = useRememberedStore(stores.data, user?.userId ?? '');
  const [isActiveOnly, setIsActiveOnly] = useState(true);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ container: TContainer | null } | null>(null);
  const [deleting, setDeleting] = useState<TContainer | null>(null);

  const list = useListContainersQuery({ storeId: store?.id ?? '', isActiveOnly }, { skip: !store });
  const [deleteContainer, deleteState] = useDeleteContainerMutation();
  const [discontinueContainer] = useDiscontinueContainerMutation();
  const [reactivateContainer] = useReactivateContainerMutation();

  // Data of another store must not show while the picked one loads.
  const containers = list.currentData;
  const rows = useMemo(
    () =>
      (containers ?? []).filter(
        (container) =>
          // 001 section 5: "Active only" also filters on the client, whatever the call answered.
          (!isActiveOnly || container.isActive) &&
          matchesSearch(search, [container.name, container.code, CONTAINER_TYPE_LABELS[container.type]]),
      ),
    [containers, isActiveOnly, search],
  );

  const toggleActive = async (container: TContainer) => {
    const isDiscontinuing = container.isActive;
    const target = { id: container.id, storeId: container.storeId };
    try {
      await (isDiscontinuing ? discontinueContainer : reactivateContainer)(target).unwrap();
      notifySuccess(isDiscontinuing ? CONTAINER_SUCCESS.discontinue : CONTAINER_SUCCESS.reactivate);
    } catch (error) {
      notifyError(
        getErrorMessage(error, isDiscontinuing ? CONTAINER_ERRORS.discontinue : CONTAINER_ERRORS.reactivate),
      );
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteContainer(deleting.id).unwrap();
      notifySuccess(CONTAINER_SUCCESS.delete);
    } catch (error) {
      notifyError(getErrorMessage(error, CONTAINER_ERRORS.delete));
    }
    setDeleting(null);
  };

  const renderExtra = canUpdate
    ? (container: TContainer) => (
        <RowAction
          title={container.isActive ? 'Discontinue' : 'Reactivate'}
          rowLabel={container.name}
          icon={container.isActive ? <BlockIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
          onClick={() => void toggleActive(container)}
        />
      )
    : undefined;
  const columns: DataTableColumn<TContainer>[] = [
    { id: 'name', label: 'Name' },
    { id: 'type', label: 'Type', format: (value) => CONTAINER_TYPE_LABELS[value] },
    { id: 'capacityKg', label: 'Capacity', numeric: true, format: kilograms },
    { id: 'tareWeightKg', label: 'Tare weight', numeric: true, format: kilograms },
    { id: 'code', label: 'Code', format: (value) => value ?? '—' },
    { id: 'isActive', label: 'Status', format: (value) => <StatusChip isActive={value} /> },
    ...(canUpdate || canDelete ? [{ id: 'actions' as const, label: 'Actions', render: renderExtra }] : []),
  ];

  const addButton =
    canCreate && store ? (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ container: null })}>
        Add container
      </Button>
    ) : null;

  const header = (
    <PageHeader
      title="Carrying Containers"
      subtitle="The baskets, carts and bags of each store, with their weights for basket weighing."
      actions={addButton}
    />
  );

  if (stores.isLoading) {
    return (
      <Box>
        {header}
        <Skeleton variant="rounded" height={40} width={320} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }
  if (stores.isError) {
    return (
      <Box>
        {header}
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void stores.refetch()}>
              Retry
            </Button>
          }
        >
          {getErrorMessage(stores.error, CONTAINER_ERRORS.stores)}
        </Alert>
      </Box>
    );
  }
  if (!store) {
    return (
      <Box>
        {header}
        <Paper variant="outlined" sx={{ py: 6, px: 3 }}>
          <EmptyState
            message={NO_STORES_TEXT}
            action={
              <Button component={RouterLink} to="/dashboard/stores" variant="outlined">
                Go to Stores & Locations
              </Button>
            }
          />
        </Paper>
      </Box>
    );
  }

  return (
    <Box>
      {header}
      <ListToolbar>
        <TextField
          select
          label="Store"
          value={store.id}
          onChange={(event) => pickStore(event.target.value)}
          fullWidth={false}
          sx={{ minWidth: 240, bgcolor: 'background.paper' }}
        >
          {(stores.data ?? []).map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <SearchField value={search} onChange={setSearch} label="Search containers" />
        <FormControlLabel
          control={
            <Switch checked={isActiveOnly} onChange={(event) => setIsActiveOnly(event.target.checked)} />
          }
          label="Active only"
        />
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
          {getErrorMessage(list.error, CONTAINER_ERRORS.list)}
        </Alert>
      ) : null}
      <DataTable
        title={containers ? `${rows.length} ${rows.length === 1 ? 'container' : 'containers'}` : 'Containers'}
        ariaLabel={`Carrying containers of ${store.name}`}
        columns={columns}
        rows={rows}
        isLoading={list.isFetching}
        getRowLabel={(container) => container.name}
        onEdit={canUpdate ? (container) => setEditing({ container }) : undefined}
        onDelete={canDelete ? setDeleting : undefined}
        emptyContent={
          list.isError ? (
            'No data available'
          ) : search.trim() !== '' ? (
            NO_MATCH_TEXT
          ) : (
            <EmptyState
              message={
                canCreate ? noContainersText(store.name) : `No carrying containers at ${store.name} yet.`
              }
              action={addButton}
            />
          )
        }
      />
      {editing ? (
        <ContainerDialog
          container={editing.container}
          storeId={store.id}
          stores={stores.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        message={
          <>
            Delete <strong>{deleting?.name}</strong>? This cannot be undone.
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
