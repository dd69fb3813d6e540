import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TActiveFilter, TCategory, TLocation } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { notifyError, notifySuccess } from '../../../components/toast';
import { CATEGORY_MESSAGES, SUCCESS_MESSAGES } from '../messages';
import {
  useDeleteCategoryMutation,
  useDiscontinueCategoryMutation,
  useListCategoriesQuery,
  useReactivateCategoryMutation,
} from '../products.api';
import { CategoryDialog } from './category-dialog';
import type { ProductPermissions } from './products-tab';
import { TWO_LINES } from './text-styles';
import {
  EmptyState,
  ListToolbar,
  SearchField,
  StatusChip,
  StatusFilter,
  fromActiveQuery,
  toActiveQuery,
} from '../../../components/list-controls';

type CategoryRow = TCategory & { name: string };

/** The location's categories: a small list, filtered and paged in the browser. */
export function CategoriesTab({
  location,
  permissions,
  onAdd,
}: {
  location: TLocation;
  permissions: ProductPermissions;
  onAdd: () => void;
}) {
  const [active, setActive] = useState<TActiveFilter>('true');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TCategory | null>(null);
  const [deleting, setDeleting] = useState<TCategory | null>(null);
  const categories = useListCategoriesQuery({ locationId: location.id, active });
  const [deleteCategory, deletion] = useDeleteCategoryMutation();
  const [discontinueCategory] = useDiscontinueCategoryMutation();
  const [reactivateCategory] = useReactivateCategoryMutation();

  const needle = search.trim().toLocaleLowerCase();
  // `name` lets the table's initial sort (by name) order categories by their name.
  const rows: CategoryRow[] = (categories.currentData ?? [])
    .filter(
      (category) =>
        needle === '' ||
        category.categoryName.toLocaleLowerCase().includes(needle) ||
        (category.description ?? '').toLocaleLowerCase().includes(needle),
    )
    .map((category) => ({ ...category, name: category.categoryName }));

  const run = async (work: () => Promise<unknown>, success: string, fallback: string) => {
    try {
      await work();
      notifySuccess(success);
    } catch (error) {
      notifyError(getErrorMessage(error, fallback));
    }
  };

  const toggleActive = (category: TCategory) => {
    const target = { categoryId: category.id, locationId: category.locationId };
    void (category.active
      ? run(
          () => discontinueCategory(target).unwrap(),
          SUCCESS_MESSAGES.categoryDiscontinued,
          CATEGORY_MESSAGES.discontinue,
        )
      : run(
          () => reactivateCategory(target).unwrap(),
          SUCCESS_MESSAGES.categoryReactivated,
          CATEGORY_MESSAGES.reactivate,
        ));
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const id = deleting.id;
    await run(() => deleteCategory(id).unwrap(), SUCCESS_MESSAGES.categoryDeleted, CATEGORY_MESSAGES.delete);
    setDeleting(null);
  };

  const columns: DataTableColumn<CategoryRow>[] = [
    {
      id: 'name',
      label: 'Name',
      render: (category) => (
        <Typography
          variant="body2"
          sx={{ fontWeight: 500, minWidth: 120, ...TWO_LINES }}
          title={category.categoryName}
        >
          {category.categoryName}
        </Typography>
      ),
    },
    {
      id: 'description',
      label: 'Description',
      render: (category) => (
        <Typography
          variant="body2"
          color={category.description ? 'text.primary' : 'text.secondary'}
          sx={{ minWidth: 160, ...TWO_LINES }}
          title={category.description ?? undefined}
        >
          {category.description ?? 'None'}
        </Typography>
      ),
    },
    { id: 'active', label: 'Status', render: (category) => <StatusChip isActive={category.active} /> },
    {
      id: 'actions',
      label: 'Actions',
      render: (category) =>
        permissions.canUpdate ? (
          <Tooltip title={category.active ? 'Discontinue' : 'Reactivate'}>
            <IconButton
              size="small"
              aria-label={`${category.active ? 'Discontinue' : 'Reactivate'} ${category.categoryName}`}
              onClick={() => toggleActive(category)}
            >
              {category.active ? <BlockIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];

  const error = categories.isError ? getErrorMessage(categories.error, CATEGORY_MESSAGES.fetch) : null;
  const emptyMessage = needle
    ? `No categories match "${search.trim()}".`
    : active === 'false'
      ? 'No discontinued categories at this location.'
      : permissions.canCreate
        ? 'No categories at this location yet. Add your first category.'
        : 'No categories at this location yet.';

  return (
    <Box>
      <ListToolbar>
        <SearchField
          label="Search categories"
          placeholder="Search by name"
          value={search}
          onChange={setSearch}
        />
        <StatusFilter
          value={fromActiveQuery(active)}
          onChange={(filter) => setActive(toActiveQuery(filter))}
        />
      </ListToolbar>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <DataTable
        title={`Categories at ${location.name}`}
        ariaLabel="Categories"
        columns={columns}
        rows={rows}
        isLoading={categories.isFetching}
        getRowLabel={(category) => category.categoryName}
        onEdit={permissions.canUpdate ? setEditing : undefined}
        onDelete={permissions.canDelete ? setDeleting : undefined}
        emptyContent={
          <EmptyState
            message={error ? 'No data available' : emptyMessage}
            action={
              permissions.canCreate && !needle && active !== 'false' && !error ? (
                <Button variant="outlined" startIcon={<AddIcon />} onClick={onAdd}>
                  Add category
                </Button>
              ) : undefined
            }
          />
        }
      />
      {editing ? (
        <CategoryDialog category={editing} location={location} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        message={
          deleting ? (
            <>
              Delete the category <strong>{deleting.categoryName}</strong>? Its products stay, without a
              category.
            </>
          ) : undefined
        }
        isDestructive
        isBusy={deletion.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
