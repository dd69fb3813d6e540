import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TLocation, TProduct } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { notifyError, notifySuccess } from '../../../components/toast';
import {
  describeDiscount,
  formatDateTime,
  formatMoney,
  getDiscountState,
  type DiscountState,
} from '../format';
import { DISCOUNT_MESSAGES, SUCCESS_MESSAGES } from '../messages';
import { useRemoveDiscountMutation } from '../products.api';
import { useProductList } from '../use-product-list';
import { DiscountDialog } from './discount-dialog';
import { TWO_LINES } from './text-styles';
import { EmptyState, ListToolbar, SearchField } from '../../../components/list-controls';

// MUI's info blue fails AA contrast as outlined text on white; the accent passes.
const STATE_CHIPS: Record<DiscountState, { label: string; color: 'success' | 'primary' | 'default' }> = {
  current: { label: 'Current', color: 'success' },
  scheduled: { label: 'Scheduled', color: 'primary' },
  expired: { label: 'Expired', color: 'default' },
};

/**
 * The location's active products with their discount: one per product and location, by amount or
 * percentage, valid from one instant to another; only the one valid now applies at checkout.
 */
export function DiscountsTab({ location, canUpdate }: { location: TLocation; canUpdate: boolean }) {
  const list = useProductList(location.id);
  const [editing, setEditing] = useState<TProduct | null>(null);
  const [removing, setRemoving] = useState<TProduct | null>(null);
  const [removeDiscount, removal] = useRemoveDiscountMutation();

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await removeDiscount({ productId: removing.id, locationId: removing.locationId }).unwrap();
      notifySuccess(SUCCESS_MESSAGES.discountRemoved);
    } catch (error) {
      notifyError(getErrorMessage(error, DISCOUNT_MESSAGES.remove));
    }
    setRemoving(null);
  };

  const columns: DataTableColumn<TProduct>[] = [
    {
      id: 'name',
      label: 'Product',
      render: (product) => (
        <Box sx={{ minWidth: 140 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, ...TWO_LINES }} title={product.name}>
            {product.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ maxWidth: 200 }}>
            {product.sku}
          </Typography>
        </Box>
      ),
    },
    { id: 'price', label: 'Price', numeric: true, format: (price) => formatMoney(price) },
    {
      id: 'discount',
      label: 'Discount',
      render: (product) =>
        product.discount ? (
          describeDiscount(product.discount)
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            None
          </Typography>
        ),
    },
    {
      id: 'updatedAt',
      label: 'Valid',
      render: (product) =>
        product.discount ? (
          <Typography variant="body2" component="div" sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(product.discount.discountValidFrom)}
            <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              to {formatDateTime(product.discount.discountValidTo)}
            </Box>
          </Typography>
        ) : null,
    },
    {
      id: 'effectivePrice',
      label: 'Effective price',
      numeric: true,
      render: (product) => formatMoney(product.effectivePrice),
    },
    {
      id: 'active',
      label: 'Status',
      render: (product) => {
        if (!product.discount) return null;
        const chip = STATE_CHIPS[getDiscountState(product.discount)];
        return <Chip size="small" variant="outlined" label={chip.label} color={chip.color} />;
      },
    },
    {
      id: 'actions',
      label: 'Actions',
      render: (product) =>
        canUpdate ? (
          <>
            <Tooltip title={product.discount ? 'Edit discount' : 'Set discount'}>
              <IconButton
                size="small"
                onClick={() => setEditing(product)}
                aria-label={`${product.discount ? 'Edit discount of' : 'Set discount for'} ${product.name}`}
              >
                <LocalOfferOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {product.discount ? (
              <Tooltip title="Remove discount">
                <IconButton
                  size="small"
                  onClick={() => setRemoving(product)}
                  aria-label={`Remove discount of ${product.name}`}
                >
                  <RemoveCircleOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
          </>
        ) : null,
    },
  ];

  return (
    <Box>
      <ListToolbar>
        <SearchField
          label="Search products"
          placeholder="Search by SKU or name"
          value={list.search}
          onChange={list.setSearch}
        />
      </ListToolbar>
      {list.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error}
        </Alert>
      ) : null}
      <DataTable
        title={`Discounts at ${location.name}`}
        ariaLabel="Discounts"
        columns={columns}
        rows={list.products}
        isLoading={list.isLoading}
        getRowLabel={(product) => product.name}
        pagination={list.pagination}
        isDense
        emptyContent={
          <EmptyState
            message={
              list.error
                ? 'No data available'
                : list.query
                  ? `No products match "${list.query}".`
                  : 'No products at this location yet. Add a product, then give it a discount here.'
            }
          />
        }
      />
      {editing ? (
        <DiscountDialog product={editing} locationId={location.id} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        message={
          removing ? (
            <>
              Remove the discount of <strong>{removing.name}</strong> at {location.name}? It sells at{' '}
              {formatMoney(removing.price)} again.
            </>
          ) : undefined
        }
        isDestructive
        isBusy={removal.isLoading}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}
