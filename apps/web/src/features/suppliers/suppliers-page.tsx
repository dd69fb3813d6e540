import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DEFAULT_PAGE_SIZE, isPermitted, type TSupplier } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import {
  EmptyState,
  ListToolbar,
  NoWrap,
  RowAction,
  SearchField,
  StatusChip,
  StatusFilter,
  type ActiveFilter,
} from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { notifyError, notifySuccess } from '../../components/toast';
import { selectRoles } from '../../session/session.slice';
import { SupplierDialog } from './components/supplier-dialog';
import { SUPPLIER_ERRORS, SUPPLIER_SUCCESS } from './messages';
import {
  useDeleteSupplierMutation,
  useDiscontinueSupplierMutation,
  useListSuppliersQuery,
  useReactivateSupplierMutation,
} from './suppliers.api';

export const NO_SUPPLIERS_TEXT = 'No suppliers yet. Add your first supplier.';
export const NO_MATCHING_SUPPLIERS_TEXT = 'No suppliers match the search and filter.';
/** Typing settles for this long before the server is asked. */
export const SEARCH_DELAY_MS = 300;

const ACTIVE_PARAM: Record<ActiveFilter, 'true' | 'false' | 'all'> = {
  active: 'true',
  discontinued: 'false',
  all: 'all',
};

const dash = (value: string | null) => value || '—';

/** The search text once typing has paused. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** /dashboard/suppliers: the suppliers, paged, searched and filtered on the server. */
export function SuppliersPage() {
  const roles = useSelector(selectRoles);
  const canCreate = isPermitted(roles, 'inventory:create');
  const canUpdate = isPermitted(roles, 'inventory:update');
  const canDelete = isPermitted(roles, 'inventory:delete');

  const [filter, setFilter] = useState<ActiveFilter>('active');
  const [searchInput, setSearchInput] = useState('');
  const search = useSettled(searchInput.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<{ supplier: TSupplier | null } | null>(null);
  const [deleting, setDeleting] = useState<TSupplier | null>(null);

  // A new search or filter starts at the first page.
  const [query, setQuery] = useState({ search, filter });
  if (query.search !== search || query.filter !== filter) {
    setQuery({ search, filter });
    setPage(0);
  }

  const list = useListSuppliersQuery({
    page,
    size,
    active: ACTIVE_PARAM[filter],
    search: search === '' ? undefined : search,
  });
  const [deleteSupplier, deleteState] = useDeleteSupplierMutation();
  const [discontinueSupplier] = useDiscontinueSupplierMutation();
  const [reactivateSupplier] = useReactivateSupplierMutation();

  // The last row of the last page went (deleted, discontinued): show the page before it.
  const lastPage = list.data ? Math.max(0, list.data.totalPages - 1) : page;
  if (list.data && !list.isFetching && page > lastPage) setPage(lastPage);

  const rows = list.data?.content ?? [];
  const isFiltered = search !== '' || filter !== 'active';

  const toggleActive = async (supplier: TSupplier) => {
    const isDiscontinuing = supplier.active;
    try {
      await (isDiscontinuing ? discontinueSupplier : reactivateSupplier)(supplier.id).unwrap();
      notifySuccess(isDiscontinuing ? SUPPLIER_SUCCESS.discontinue : SUPPLIER_SUCCESS.reactivate);
    } catch (error) {
      notifyError(
        getErrorMessage(error, isDiscontinuing ? SUPPLIER_ERRORS.discontinue : SUPPLIER_ERRORS.reactivate),
      );
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteSupplier(deleting.id).unwrap();
      notifySuccess(SUPPLIER_SUCCESS.delete);
    } catch (error) {
      notifyError(getErrorMessage(error, SUPPLIER_ERRORS.delete));
    }
    setDeleting(null);
  };

  const renderExtra = canUpdate
    ? (supplier: TSupplier) => (
        <RowAction
          title={supplier.active ? 'Discontinue' : 'Reactivate'}
          rowLabel={supplier.name}
          icon={supplier.active ? <BlockIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
          onClick={() => void toggleActive(supplier)}
        />
      )
    : undefined;
  const columns: DataTableColumn<TSupplier>[] = [
    { id: 'name', label: 'Name' },
    { id: 'contactName', label: 'Contact', format: dash },
    { id: 'email', label: 'E-mail', format: dash },
    { id: 'phone', label: 'Phone', format: (value) => <NoWrap>{dash(value)}</NoWrap> },
    { id: 'active', label: 'Status', format: (value) => <StatusChip isActive={value} /> },
    ...(canUpdate || canDelete ? [{ id: 'actions' as const, label: 'Actions', render: renderExtra }] : []),
  ];

  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ supplier: null })}>
      Add supplier
    </Button>
  ) : null;

  const total = list.data?.totalElements;
  return (
    <Box>
      <PageHeader
        title="Suppliers"
        subtitle="The businesses you buy from, and who to call there."
        actions={addButton}
      />
      <ListToolbar>
        <SearchField value={searchInput} onChange={setSearchInput} label="Search suppliers" />
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
          {getErrorMessage(list.error, SUPPLIER_ERRORS.list)}
        </Alert>
      ) : null}
      <DataTable
        title={total === undefined ? 'Suppliers' : `${total} ${total === 1 ? 'supplier' : 'suppliers'}`}
        ariaLabel="Suppliers"
        columns={columns}
        rows={rows}
        isLoading={list.isFetching}
        getRowLabel={(supplier) => supplier.name}
        onEdit={canUpdate ? (supplier) => setEditing({ supplier }) : undefined}
        onDelete={canDelete ? setDeleting : undefined}
        pagination={{
          page,
          rowsPerPage: size,
          totalCount: total ?? 0,
          onPageChange: setPage,
          onRowsPerPageChange: (next) => {
            setSize(next);
            setPage(0);
          },
        }}
        emptyContent={
          list.isError ? (
            'No data available'
          ) : isFiltered ? (
            NO_MATCHING_SUPPLIERS_TEXT
          ) : (
            <EmptyState message={canCreate ? NO_SUPPLIERS_TEXT : 'No suppliers yet.'} action={addButton} />
          )
        }
      />
      {editing ? <SupplierDialog supplier={editing.supplier} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        message={
          <>
            Delete <strong>{deleting?.name}</strong>? This cannot be undone. Its products stay, without a
            supplier.
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
