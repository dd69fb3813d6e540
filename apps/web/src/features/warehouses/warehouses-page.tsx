import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isPermitted, type TWarehouse } from '@app/contracts';
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
  StatusFilter,
  matchesActiveFilter,
  matchesSearch,
  type ActiveFilter,
} from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { notifyError, notifySuccess } from '../../components/toast';
import { selectRoles } from '../../session/session.slice';
import { WarehouseDialog } from './components/warehouse-dialog';
import { WAREHOUSE_ERRORS, WAREHOUSE_SUCCESS } from './messages';
import {
  useDeleteWarehouseMutation,
  useDiscontinueWarehouseMutation,
  useListWarehousesQuery,
  useReactivateWarehouseMutation,
} from './warehouses.api';

type WarehouseRow = TWarehouse & { locationName: string };

export const NO_WAREHOUSES_TEXT = 'No warehouses yet. Add your first warehouse.';
export const NO_MATCH_TEXT = 'No warehouses match the search and filter.';

const dash = (value: string | number | null) => (value === null || value === '' ? '—' : value);

/** /dashboard/warehouse: the business's warehouses, each at a location of its own. */
export function WarehousesPage() {
  const roles = useSelector(selectRoles);
  const canCreate = isPermitted(roles, 'inventory:create');
  const canUpdate = isPermitted(roles, 'inventory:update');
  const canDelete = isPermitted(roles, 'inventory:delete');

  const [filter, setFilter] = useState<ActiveFilter>('active');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ warehouse: TWarehouse | null } | null>(null);
  const [deleting, setDeleting] = useState<TWarehouse | null>(null);

  const list = useListWarehousesQuery({ isDiscontinuedIncluded: filter !== 'active' });
  const [deleteWarehouse, deleteState] = useDeleteWarehouseMutation();
  const [discontinueWarehouse] = useDiscontinueWarehouseMutation();
  const [reactivateWarehouse] = useReactivateWarehouseMutation();

  const rows = useMemo<WarehouseRow[]>(
    () =>
      (list.data ?? [])
        .filter(
          (warehouse) =>
            matchesActiveFilter(warehouse.active, filter) &&
            matchesSearch(search, [warehouse.name, warehouse.location.name, warehouse.managerName]),
        )
        .map((warehouse) => ({ ...warehouse, locationName: warehouse.location.name })),
    [list.data, filter, search],
  );
  const isFiltered = search.trim() !== '' || filter !== 'active';

  const toggleActive = async (warehouse: TWarehouse) => {
    const isDiscontinuing = warehouse.active;
    try {
      await (isDiscontinuing ? discontinueWarehouse : reactivateWarehouse)(warehouse.id).unwrap();
      notifySuccess(isDiscontinuing ? WAREHOUSE_SUCCESS.discontinue : WAREHOUSE_SUCCESS.reactivate);
    } catch (error) {
      notifyError(
        getErrorMessage(error, isDiscontinuing ? WAREHOUSE_ERRORS.discontinue : WAREHOUSE_ERRORS.reactivate),
      );
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteWarehouse(deleting.id).unwrap();
      notifySuccess(WAREHOUSE_SUCCESS.delete);
    } catch (error) {
      notifyError(getErrorMessage(error, WAREHOUSE_ERRORS.delete));
    }
    setDeleting(null);
  };

  const renderExtra = canUpdate
    ? (warehouse: WarehouseRow) => (
        <RowAction
          title={warehouse.active ? 'Discontinue' : 'Reactivate'}
          rowLabel={warehouse.name}
          icon={warehouse.active ? <BlockIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
          onClick={() => void toggleActive(warehouse)}
        />
      )
    : undefined;
  const columns: DataTableColumn<WarehouseRow>[] = [
    { id: 'name', label: 'Name' },
    { id: 'locationName', label: 'Location' },
    { id: 'capacity', label: 'Capacity', numeric: true, format: (value) => dash(value) },
    { id: 'managerName', label: 'Manager', format: (value) => dash(value) },
    { id: 'active', label: 'Status', format: (value) => <StatusChip isActive={value} /> },
    ...(canUpdate || canDelete ? [{ id: 'actions' as const, label: 'Actions', render: renderExtra }] : []),
  ];

  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ warehouse: null })}>
      Add warehouse
    </Button>
  ) : null;

  return (
    <Box>
      <PageHeader
        title="Warehouses"
        subtitle="Where you keep stock away from the shop floor. Each warehouse sits at a location of its own."
        actions={addButton}
      />
      <ListToolbar>
        <SearchField value={search} onChange={setSearch} label="Search warehouses" />
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
          {getErrorMessage(list.error, WAREHOUSE_ERRORS.list)}
        </Alert>
      ) : null}
      <DataTable
        title={list.data ? `${rows.length} ${rows.length === 1 ? 'warehouse' : 'warehouses'}` : 'Warehouses'}
        ariaLabel="Warehouses"
        columns={columns}
        rows={rows}
        isLoading={list.isFetching}
        getRowLabel={(warehouse) => warehouse.name}
        onEdit={canUpdate ? (warehouse) => setEditing({ warehouse }) : undefined}
        onDelete={canDelete ? setDeleting : undefined}
        emptyContent={
          list.isError ? (
            'No data available'
          ) : isFiltered ? (
            NO_MATCH_TEXT
          ) : (
            <EmptyState message={canCreate ? NO_WAREHOUSES_TEXT : 'No warehouses yet.'} action={addButton} />
          )
        }
      />
      {editing ? <WarehouseDialog warehouse={editing.warehouse} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        message={
          <>
            Delete <strong>{deleting?.name}</strong>? This cannot be undone. A warehouse that still holds
            stock cannot be deleted; discontinue it instead.
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
