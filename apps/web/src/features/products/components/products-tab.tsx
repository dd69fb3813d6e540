import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import RestoreIcon from '@mui/icons-material/Restore';
import type { TLocation, TProduct } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { notifyError, notifySuccess } from '../../../components/toast';
import { formatMoney } from '../format';
import { PRODUCT_MESSAGES, SUCCESS_MESSAGES } from '../messages';
import {
  useDeleteProductMutation,
  useDiscontinueProductMutation,
  useGenerateBarcodeMutation,
  useReactivateProductMutation,
} from '../products.api';
import { useProductList } from '../use-product-list';
import { BarcodeLabelDialog } from './barcode-label-dialog';
import { ProductDialog } from './product-dialog';
import { ProductThumbnail } from './product-thumbnail';
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

export type ProductPermissions = { canCreate: boolean; canUpdate: boolean; canDelete: boolean };

type ProductsTabProps = {
  location: TLocation;
  locations: readonly TLocation[];
  permissions: ProductPermissions;
  onAdd: () => void;
};

/** The location's products: search, status filter, server paging, and every per-row action. */
export function ProductsTab({ location, locations, permissions, onAdd }: ProductsTabProps) {
  const list = useProductList(location.id);
  const [editing, setEditing] = useState<TProduct | null>(null);
  const [deleting, setDeleting] = useState<TProduct | null>(null);
  const [labelOf, setLabelOf] = useState<TProduct | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; product: TProduct } | null>(null);
  const [deleteProduct, deletion] = useDeleteProductMutation();
  const [discontinueProduct] = useDiscontinueProductMutation();
  const [reactivateProduct] = useReactivateProductMutation();
  const [generateBarcode] = useGenerateBarcodeMutation();

  const run = async (work: () => Promise<unknown>, success: string, fallback: string) => {
    try {
      await work();
      notifySuccess(success);
    } catch (error) {
      notifyError(getErrorMessage(error, fallback));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const target = { id: deleting.id, locationId: deleting.locationId };
    // A refusal (409 IN_USE: sales or movements depend on it) is told in the error toast.
    await run(() => deleteProduct(target).unwrap(), SUCCESS_MESSAGES.productDeleted, PRODUCT_MESSAGES.delete);
    setDeleting(null);
  };

  const toggleActive = (product: TProduct) => {
    const target = { id: product.id, locationId: product.locationId };
    void (product.active
      ? run(
          () => discontinueProduct(target).unwrap(),
          SUCCESS_MESSAGES.productDiscontinued,
          PRODUCT_MESSAGES.discontinue,
        )
      : run(
          () => reactivateProduct(target).unwrap(),
          SUCCESS_MESSAGES.productReactivated,
          PRODUCT_MESSAGES.reactivate,
        ));
  };

  // Image and name share a cell, and SKU and barcode another, so the list fits the 1024 px shell.
  const columns: DataTableColumn<TProduct>[] = [
    {
      id: 'name',
      label: 'Product',
      render: (product) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 160 }}>
          <ProductThumbnail imageUrl={product.imageUrl} name={product.name} size={36} isDecorative />
          <Typography variant="body2" title={product.name} sx={{ fontWeight: 500, ...TWO_LINES }}>
            {product.name}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'sku',
      label: 'SKU / Barcode',
      render: (product) => (
        <Box sx={{ maxWidth: 150 }}>
          <Typography variant="body2" title={product.sku} noWrap>
            {product.sku}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {product.barcode ?? 'No barcode'}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'price',
      label: 'Price',
      numeric: true,
      render: (product) =>
        product.discount?.isCurrent ? (
          <Box
            component="s"
            sx={{ color: 'text.secondary' }}
            aria-label={`${formatMoney(product.price)}, discounted`}
          >
            {formatMoney(product.price)}
          </Box>
        ) : (
          formatMoney(product.price)
        ),
    },
    {
      id: 'effectivePrice',
      label: 'Effective price',
      numeric: true,
      render: (product) => (
        <Box
          component="span"
          sx={product.discount?.isCurrent ? { color: 'success.main', fontWeight: 600 } : undefined}
        >
          {formatMoney(product.effectivePrice)}
        </Box>
      ),
    },
    { id: 'stock', label: 'Stock', numeric: true },
    { id: 'active', label: 'Status', render: (product) => <StatusChip isActive={product.active} /> },
    {
      id: 'actions',
      label: 'Actions',
      render: (product) => {
        const hasMore = Boolean(product.barcode) || permissions.canUpdate;
        return (
          <>
            {permissions.canUpdate ? (
              <Tooltip title="Edit">
                <IconButton
                  size="small"
                  aria-label={`Edit ${product.name}`}
                  onClick={() => setEditing(product)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
            {permissions.canDelete ? (
              <Tooltip title="Delete">
                <IconButton
                  size="small"
                  aria-label={`Delete ${product.name}`}
                  onClick={() => setDeleting(product)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
            {hasMore ? (
              <Tooltip title="More actions">
                <IconButton
                  size="small"
                  aria-label={`More actions for ${product.name}`}
                  aria-haspopup="menu"
                  onClick={(event) => setMenu({ anchor: event.currentTarget, product })}
                >
                  <MoreVertIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
          </>
        );
      },
    },
  ];

  const emptyMessage = list.query
    ? `No products match "${list.query}".`
    : list.active === 'false'
      ? 'No discontinued products at this location.'
      : permissions.canCreate
        ? 'No products at this location yet. Add your first product.'
        : 'No products at this location yet.';

  const menuProduct = menu?.product;
  const closeMenu = () => setMenu(null);

  return (
    <Box>
      <ListToolbar>
        <SearchField
          label="Search products"
          placeholder="Search by SKU or name"
          value={list.search}
          onChange={list.setSearch}
        />
        <StatusFilter
          value={fromActiveQuery(list.active)}
          onChange={(filter) => list.setActive(toActiveQuery(filter))}
        />
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
      <DataTable
        title={`Products at ${location.name}`}
        ariaLabel="Products"
        columns={columns}
        rows={list.products}
        isLoading={list.isLoading}
        getRowLabel={(product) => product.name}
        pagination={list.pagination}
        isDense
        emptyContent={
          list.error ? (
            'No data available'
          ) : (
            <EmptyState
              message={emptyMessage}
              action={
                permissions.canCreate && !list.query && list.active !== 'false' ? (
                  <Button variant="outlined" startIcon={<AddIcon />} onClick={onAdd}>
                    Add product
                  </Button>
                ) : undefined
              }
            />
          )
        }
      />
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={closeMenu}>
        {menuProduct?.barcode ? (
          <MenuItem
            onClick={() => {
              setLabelOf(menuProduct);
              closeMenu();
            }}
          >
            <ListItemIcon>
              <PrintOutlinedIcon fontSize="small" />
            </ListItemIcon>
            Print label
          </MenuItem>
        ) : null}
        {menuProduct && !menuProduct.barcode && permissions.canUpdate ? (
          <MenuItem
            onClick={() => {
              closeMenu();
              void run(
                () => generateBarcode(menuProduct.id).unwrap(),
                SUCCESS_MESSAGES.barcodeGenerated,
                PRODUCT_MESSAGES.generateBarcode,
              );
            }}
          >
            <ListItemIcon>
              <QrCodeIcon fontSize="small" />
            </ListItemIcon>
            Generate barcode
          </MenuItem>
        ) : null}
        {menuProduct && permissions.canUpdate ? (
          <MenuItem
            onClick={() => {
              closeMenu();
              toggleActive(menuProduct);
            }}
          >
            <ListItemIcon>
              {menuProduct.active ? <BlockIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
            </ListItemIcon>
            {menuProduct.active ? 'Discontinue' : 'Reactivate'}
          </MenuItem>
        ) : null}
      </Menu>
      {editing ? (
        <ProductDialog
          product={editing}
          location={location}
          locations={locations}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {labelOf ? <BarcodeLabelDialog product={labelOf} onClose={() => setLabelOf(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        message={
          deleting ? (
            <>
              Delete <strong>{deleting.name}</strong> ({deleting.sku}) at {location.name}? A product with
              sales or stock movements cannot be deleted: discontinue it instead.
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
