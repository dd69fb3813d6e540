import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { isPermitted, type TStore } from '@app/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  EmptyState,
  ListToolbar,
  SearchField,
  StatusFilter,
  matchesActiveFilter,
  matchesSearch,
  type ActiveFilter,
} from '../../../components/list-controls';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../components/toast';
import { selectRoles } from '../../../session/session.slice';
import { formatAddress } from '../location-format';
import { STORE_ERRORS, STORE_SUCCESS } from '../messages';
import {
  useDeleteStoreMutation,
  useDiscontinueStoreMutation,
  useListStoresQuery,
  useReactivateStoreMutation,
  useToggleStoreBasketWeightMutation,
} from '../stores.api';
import { StoreCard } from './store-card';
import { StoreDetailsDialog } from './store-details-dialog';
import { StoreDialog } from './store-dialog';
import { StoreQrDialog } from './store-qr-dialog';

export const NO_STORES_TEXT = 'No stores yet. Add your first store.';
export const NO_MATCHING_STORES_TEXT = 'No stores match the search and filter.';

type Open = { dialog: 'edit'; store: TStore | null } | { dialog: 'details' | 'qr'; store: TStore } | null;

type StoresTabProps = {
  title: string;
  subtitle: string;
  tabs: ReactNode;
  /** Makes the list below the tabs their tab panel. */
  panelProps: { role: string; id: string; 'aria-labelledby': string };
};

/** The Stores tab: a card per store, with its QR code, details, readers and basket weighing. */
export function StoresTab({ title, subtitle, tabs, panelProps }: StoresTabProps) {
  const roles = useSelector(selectRoles);
  const canCreate = isPermitted(roles, 'inventory:create');
  const canUpdate = isPermitted(roles, 'inventory:update');
  const canDelete = isPermitted(roles, 'inventory:delete');

  const [filter, setFilter] = useState<ActiveFilter>('active');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<TStore | null>(null);

  const list = useListStoresQuery({ isDiscontinuedIncluded: filter !== 'active' });
  const [deleteStore, deleteState] = useDeleteStoreMutation();
  const [toggleBasketWeight, toggleState] = useToggleStoreBasketWeightMutation();
  const [discontinueStore] = useDiscontinueStoreMutation();
  const [reactivateStore] = useReactivateStoreMutation();

  const stores = useMemo(
    () =>
      (list.data ?? []).filter(
        (store) =>
          matchesActiveFilter(store.active, filter) &&
          matchesSearch(search, [
            store.name,
            store.location.name,
            formatAddress(store.location),
            store.phone,
          ]),
      ),
    [list.data, filter, search],
  );
  const isFiltered = search.trim() !== '' || filter !== 'active';

  const toggle = async (store: TStore) => {
    try {
      const saved = await toggleBasketWeight(store.id).unwrap();
      notifySuccess(saved.basketWeightEnabled ? STORE_SUCCESS.basketWeightOn : STORE_SUCCESS.basketWeightOff);
    } catch (error) {
      notifyError(getErrorMessage(error, STORE_ERRORS.toggleBasketWeight));
    }
  };

  const toggleActive = async (store: TStore) => {
    const isDiscontinuing = store.active;
    try {
      await (isDiscontinuing ? discontinueStore : reactivateStore)(store).unwrap();
      notifySuccess(isDiscontinuing ? STORE_SUCCESS.discontinue : STORE_SUCCESS.reactivate);
    } catch (error) {
      notifyError(
        getErrorMessage(error, isDiscontinuing ? STORE_ERRORS.discontinue : STORE_ERRORS.reactivate),
      );
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteStore(deleting.id).unwrap();
      notifySuccess(STORE_SUCCESS.delete);
    } catch (error) {
      // 409 IN_USE while the store still has carrying containers.
      notifyError(getErrorMessage(error, STORE_ERRORS.delete));
    }
    setDeleting(null);
  };

  const addButton = canCreate ? (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setOpen({ dialog: 'edit', store: null })}
    >
      Add store
    </Button>
  ) : null;

  let content: ReactNode;
  if (list.isLoading) {
    content = (
      <Box sx={GRID} aria-busy="true" aria-label="Loading stores">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={300} />
        ))}
      </Box>
    );
  } else if (list.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Retry
          </Button>
        }
      >
        {getErrorMessage(list.error, STORE_ERRORS.list)}
      </Alert>
    );
  } else if (stores.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ py: 6, px: 3 }}>
        {isFiltered ? (
          <EmptyState message={NO_MATCHING_STORES_TEXT} />
        ) : (
          <EmptyState message={canCreate ? NO_STORES_TEXT : 'No stores yet.'} action={addButton} />
        )}
      </Paper>
    );
  } else {
    content = (
      <Box component="ul" aria-label="Stores" sx={{ ...GRID, listStyle: 'none', m: 0, p: 0 }}>
        {stores.map((store) => (
          <Box component="li" key={store.id}>
            <StoreCard
              store={store}
              canUpdate={canUpdate}
              canDelete={canDelete}
              isTogglingBasketWeight={toggleState.isLoading && toggleState.originalArgs === store.id}
              onToggleBasketWeight={() => void toggle(store)}
              onShowDetails={() => setOpen({ dialog: 'details', store })}
              onShowQrCode={() => setOpen({ dialog: 'qr', store })}
              onToggleActive={() => void toggleActive(store)}
              onEdit={() => setOpen({ dialog: 'edit', store })}
              onDelete={() => setDeleting(store)}
            />
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} actions={addButton} />
      {tabs}
      <Box {...panelProps}>
        <ListToolbar>
          <SearchField value={search} onChange={setSearch} label="Search stores" />
          <StatusFilter value={filter} onChange={setFilter} />
        </ListToolbar>
        {content}
      </Box>
      {open?.dialog === 'edit' ? (
        <StoreDialog store={open.store} canCreateLocation={canCreate} onClose={() => setOpen(null)} />
      ) : null}
      {open?.dialog === 'details' ? (
        <StoreDetailsDialog store={open.store} canRegisterReader={canCreate} onClose={() => setOpen(null)} />
      ) : null}
      {open?.dialog === 'qr' ? <StoreQrDialog store={open.store} onClose={() => setOpen(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        message={
          <>
            Delete <strong>{deleting?.name}</strong>? This cannot be undone. Its location stays and can take
            another store or a warehouse. A store that still has carrying containers cannot be deleted;
            discontinue it instead.
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

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
} as const;
