import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isPermitted, type TSupplier } from '@app/contracts';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table/data-table';
import {
  NoWrap,
  RowAction,
  StatusChip,
  StatusFilter,
  toActiveQuery,
  type ActiveFilter,
} from '../../components/list-controls';
import { PagedList, usePagedList } from '../../components/paged-list';
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

const dash = (value: string | null) => value || '—';

/** /dashboard/suppliers: the suppliers, paged, searched and filtered on the server. */
export function SuppliersPage() {
  const roles = useSelector(selectRoles);
  const canCreate = isPermitted(roles, 'inventory:create');
  const canUpdate = isPermitted(roles, 'inventory:update');
  const canDelete = isPermitted(roles, 'inventory:delete');

  const [filter, setFilter] = useState<ActiveFilter>('active');
  const paging = usePagedList(filter);
  const { search, page, size } = paging;
  const [editing, setEditing] = useState<{ supplier: TSupplier | null } | null>(null);
  const [deleting, setDeleting] = useState<TSupplier | null>(null);

  const list = useListSuppliersQuery({
    page,
    size,
    active: toActiveQuery(filter),
    search: search === '' ? undefined : search,
  });
  const [deleteSupplier, deleteState] = useDeleteSupplierMutation();
  const [discontinueSupplier] = useDiscontinueSupplierMutation();
  const [reactivateSupplier] = useReactivateSupplierMutation();

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

  return (
    <Box>
      <PageHeader
        title="Suppliers"
        subtitle="The businesses you buy from, and who to call there."
        actions={addButton}
      />
      <PagedList
        paging={paging}
        query={list}
        title="Suppliers"
        countTitle={(total) => `${total} ${total === 1 ? 'supplier' : 'suppliers'}`}
        searchLabel="Search suppliers"
        filters={<StatusFilter value={filter} onChange={setFilter} />}
        errorFallback={SUPPLIER_ERRORS.list}
        isFiltered={isFiltered}
        noMatchText={NO_MATCHING_SUPPLIERS_TEXT}
        emptyMessage={canCreate ? NO_SUPPLIERS_TEXT : 'No suppliers yet.'}
        emptyAction={addButton}
        columns={columns}
        getRowLabel={(supplier) => supplier.name}
        onEdit={canUpdate ? (supplier) => setEditing({ supplier }) : undefined}
        onDelete={canDelete ? setDeleting : undefined}
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
