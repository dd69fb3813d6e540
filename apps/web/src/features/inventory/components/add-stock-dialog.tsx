import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { ZCreateInventoryRequest, type TLocation, type TSkuSuggestion } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage, isApiError } from '../../../api/api-error';
import { FormDialog } from '../../../components/form-dialog';
import { notifyError, notifySuccess } from '../../../components/toast';
import { useFormFields } from '../../../components/use-form-fields';
import { validate } from '../../../lib/validation';
import { useIdempotencyKey } from '../idempotency-key';
import { useCreateStockMutation } from '../inventory.api';
import { INVENTORY_MESSAGES, INVENTORY_SUCCESS } from '../messages';
import { readUnits } from './adjust-dialog';
import { SkuSearchField } from './sku-search-field';

type AddStockDialogProps = { location: TLocation; onClose: () => void };

type FieldName = 'quantity' | 'reorderPoint';

/**
 * A stock record for a product of this location (POST /api/inventory): the product picked by its
 * SKU, the opening quantity (recorded in the ledger) and the reorder point under which it shows
 * as low stock.
 */
const ALREADY_STOCKED = 'This product has a stock record here already: adjust or count it in the list.';

export function AddStockDialog({ location, onClose }: AddStockDialogProps) {
  const [skuText, setSkuText] = useState('');
  const [product, setProduct] = useState<TSkuSuggestion | null>(null);
  const [createStock, state] = useCreateStockMutation();
  const form = useFormFields<FieldName>({ quantity: '0', reorderPoint: '' }, { isDisabled: state.isLoading });
  const { values, errors, field, showErrors, showServerError, clearError } = form;
  const { keyFor } = useIdempotencyKey();

  const submit = async () => {
    const found: Record<string, string> = {};
    const quantity = readUnits(values.quantity);
    const reorderPoint = values.reorderPoint.trim() === '' ? null : readUnits(values.reorderPoint);
    if (!product) found.productId = 'Pick the product by its SKU.';
    else if (product.inventoryId !== null) found.productId = ALREADY_STOCKED;
    if (quantity === null) found.quantity = 'Enter a whole number from 0.';
    if (reorderPoint === null && values.reorderPoint.trim() !== '') {
      found.reorderPoint = 'Enter a whole number from 0, or leave it empty.';
    }
    const checked = validate(ZCreateInventoryRequest, {
      productId: product?.productId,
      locationId: location.id,
      quantity,
      reorderPoint,
    });
    if (Object.keys(found).length > 0 || !checked.data) {
      showErrors({ ...checked.errors, ...found });
      return;
    }
    showErrors({});
    try {
      await createStock({ ...checked.data, idempotencyKey: keyFor(checked.data) }).unwrap();
      notifySuccess(INVENTORY_SUCCESS.created);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.code === 'CONFLICT') {
        // The product has its record here already: say so at the product.
        showErrors({ productId: error.message });
        return;
      }
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
        showServerError(error, INVENTORY_MESSAGES.create);
        return;
      }
      notifyError(getErrorMessage(error, INVENTORY_MESSAGES.create));
    }
  };

  return (
    <FormDialog
      title="Add stock record"
      submitLabel="Add stock record"
      isBusy={state.isLoading}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      columns="1fr 1fr"
    >
      <Box sx={{ gridColumn: '1 / -1' }}>
        <SkuSearchField
          locationId={location.id}
          label="Product SKU"
          placeholder="Type a SKU or product name"
          name="productId"
          required
          autoFocus
          value={skuText}
          onChange={(text) => {
            setSkuText(text);
            if (product && text !== product.sku) setProduct(null);
            clearError('productId');
          }}
          onSelect={(suggestion) => {
            setProduct(suggestion);
            setSkuText(suggestion.sku);
            if (suggestion.inventoryId === null) clearError('productId');
            // Said at once rather than after a refused save.
            else showErrors({ productId: ALREADY_STOCKED });
          }}
          error={Boolean(errors.productId)}
          helperText={
            errors.productId ??
            (product
              ? `${product.productName}${product.barcode ? ` · ${product.barcode}` : ''}`
              : `A product of ${location.name}.`)
          }
          disabled={state.isLoading}
        />
      </Box>
      <TextField
        label="Opening quantity"
        required
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        {...field('quantity')}
      />
      <TextField
        label="Reorder point"
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        {...field('reorderPoint')}
        helperText={errors.reorderPoint ?? 'Below this it shows as low stock.'}
      />
    </FormDialog>
  );
}
