import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZProductRequest, type TLocation, type TProduct, type TProductRequest } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { FileChooser } from '../../../components/file-chooser';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { FORM_IN_DIALOG } from './text-styles';
import { CATEGORY_MESSAGES, PRODUCT_MESSAGES, SUCCESS_MESSAGES, SUPPLIER_MESSAGES } from '../messages';
import {
  PRODUCT_IMAGE_PART,
  PRODUCT_IMAGE_TYPES,
  buildProductFormData,
  checkProductImage,
} from '../product-form-data';
import {
  useCreateProductMutation,
  useListCategoriesQuery,
  useListSupplierChoicesQuery,
  useUpdateProductMutation,
} from '../products.api';
import { ProductThumbnail } from './product-thumbnail';

type Values = {
  name: string;
  sku: string;
  barcode: string;
  description: string;
  price: string;
  costPrice: string;
  categoryId: string;
  supplierId: string;
  unit: string;
  reorderPoint: string;
  locationIds: string[];
};

function initialValues(product: TProduct | null): Values {
  return {
    name: product?.name ?? '',
    sku: product?.sku ?? '',
    barcode: product?.barcode ?? '',
    description: product?.description ?? '',
    price: product?.price ?? '',
    costPrice: product?.costPrice ?? '',
    categoryId: product?.categoryId ?? '',
    supplierId: product?.supplierId ?? '',
    unit: product?.unit ?? '',
    reorderPoint: product?.reorderPoint === null || product === null ? '' : String(product.reorderPoint),
    locationIds: [],
  };
}

/** Server and schema paths ("locationIds.0") name the form's fields by their first segment. */
const toFieldName = (path: string) => path.split('.')[0] ?? path;

function toFormErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) result[toFieldName(path)] ??= message;
  return result;
}

type ProductDialogProps = {
  /** The product to edit; null adds one. */
  product: TProduct | null;
  location: TLocation;
  /** The business's active locations, for "Also at these locations". */
  locations: readonly TLocation[];
  onClose: () => void;
};

/** Adds or edits a product of a location (multipart, with its image), and at others at once. */
export function ProductDialog({ product, location, locations, onClose }: ProductDialogProps) {
  const titleId = useId();
  const isEdit = product !== null;
  const [values, setValues] = useState<Values>(() => initialValues(product));
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [createProduct, creating] = useCreateProductMutation();
  const [updateProduct, updating] = useUpdateProductMutation();
  const isBusy = creating.isLoading || updating.isLoading;

  const categories = useListCategoriesQuery({ locationId: location.id, active: 'true' });
  const suppliers = useListSupplierChoicesQuery();
  const otherLocations = locations.filter((candidate) => candidate.id !== location.id);

  const set = (name: keyof Values, value: Values[keyof Values]) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  };

  const field = (name: Exclude<keyof Values, 'locationIds'>) => ({
    name,
    id: `product-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
    disabled: isBusy,
  });

  const chooseImage = (file: File | null) => {
    const problem = file ? checkProductImage(file) : null;
    setImageError(problem);
    setImage(problem ? null : file);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // An empty optional field is absent: ZProductRequest's whole-number fields would read '' as 0.
    const optional = (value: string) => (value.trim() === '' ? undefined : value);
    const input: TProductRequest = {
      name: values.name,
      sku: values.sku,
      barcode: optional(values.barcode)?.trim(),
      description: optional(values.description),
      price: values.price.trim(),
      costPrice: optional(values.costPrice)?.trim(),
      categoryId: optional(values.categoryId),
      supplierId: optional(values.supplierId),
      locationId: location.id,
      locationIds: values.locationIds,
      unit: optional(values.unit),
      reorderPoint: optional(values.reorderPoint)?.trim(),
    };
    const result = validate(ZProductRequest, input);
    showErrors(result.errors ? toFormErrors(result.errors) : {});
    if (result.errors) return;
    const body = buildProductFormData(result.data, image);
    try {
      if (product) {
        await updateProduct({ id: product.id, body }).unwrap();
        notifySuccess(SUCCESS_MESSAGES.productUpdated);
      } else {
        await createProduct(body).unwrap();
        notifySuccess(SUCCESS_MESSAGES.productAdded);
      }
      onClose();
    } catch (error) {
      const fallback = product ? PRODUCT_MESSAGES.update : PRODUCT_MESSAGES.add;
      showServerError(error, fallback, (path) => (path === PRODUCT_IMAGE_PART ? path : toFieldName(path)));
    }
  };

  const categoryOptions = categories.data ?? [];
  const supplierOptions = suppliers.data?.content ?? [];
  const hasUnknownCategory =
    values.categoryId !== '' && !categoryOptions.some((category) => category.id === values.categoryId);
  const hasUnknownSupplier =
    values.supplierId !== '' && !supplierOptions.some((supplier) => supplier.id === values.supplierId);

  return (
    <Dialog open onClose={isBusy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        sx={FORM_IN_DIALOG}
      >
        <DialogTitle id={titleId}>{isEdit ? 'Edit product' : 'Add product'}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            At <strong>{location.name}</strong>. Fields marked * are required.
          </Typography>
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
            <TextField label="Name" required autoFocus {...field('name')} />
            <TextField label="SKU" required {...field('sku')} />
            <TextField
              label="Barcode"
              {...field('barcode')}
              helperText={errors.barcode ?? '8 to 14 digits. Leave it empty to generate one later.'}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label="Unit"
              placeholder="pcs"
              {...field('unit')}
              helperText={errors.unit ?? 'pcs, kg, l …'}
            />
            <TextField
              label="Price"
              required
              {...field('price')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              label="Cost price"
              {...field('costPrice')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              select
              label="Category"
              {...field('categoryId')}
              helperText={
                errors.categoryId ??
                (categories.isError
                  ? getErrorMessage(categories.error, CATEGORY_MESSAGES.fetch)
                  : categoryOptions.length === 0 && !categories.isLoading
                    ? 'No categories at this location yet.'
                    : undefined)
              }
            >
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {hasUnknownCategory ? (
                <MenuItem value={values.categoryId}>Current category (discontinued)</MenuItem>
              ) : null}
              {categoryOptions.map((category) => (
                <MenuItem key={category.id} value={category.id}>
                  {category.categoryName}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Supplier"
              {...field('supplierId')}
              helperText={
                errors.supplierId ??
                (suppliers.isError ? getErrorMessage(suppliers.error, SUPPLIER_MESSAGES.fetch) : undefined)
              }
            >
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {hasUnknownSupplier ? (
                <MenuItem value={values.supplierId}>Current supplier (discontinued)</MenuItem>
              ) : null}
              {supplierOptions.map((supplier) => (
                <MenuItem key={supplier.id} value={supplier.id}>
                  {supplier.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Reorder point"
              {...field('reorderPoint')}
              helperText={errors.reorderPoint ?? 'Alert when the stock falls to this quantity.'}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Box />
            <TextField
              label="Description"
              multiline
              minRows={2}
              sx={{ gridColumn: '1 / -1' }}
              {...field('description')}
            />
            {otherLocations.length > 0 ? (
              <TextField
                select
                label="Also at these locations"
                name="locationIds"
                id="product-locationIds"
                value={values.locationIds}
                onChange={(event) => {
                  const next = event.target.value as unknown as string[] | string;
                  set('locationIds', typeof next === 'string' ? next.split(',') : next);
                }}
                error={Boolean(errors.locationIds)}
                helperText={
                  errors.locationIds ??
                  (isEdit
                    ? 'The changes apply to the same SKU there too; it is added where it is missing.'
                    : 'The same product (same SKU) is added there too.')
                }
                disabled={isBusy}
                sx={{ gridColumn: '1 / -1' }}
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (selected) => (
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        {(selected as string[]).map((id) => (
                          <Chip
                            key={id}
                            size="small"
                            label={otherLocations.find((candidate) => candidate.id === id)?.name ?? id}
                          />
                        ))}
                      </Box>
                    ),
                  },
                }}
              >
                {otherLocations.map((candidate) => (
                  <MenuItem key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 2, alignItems: 'center' }}>
              {product?.imageUrl && !image ? (
                <ProductThumbnail imageUrl={product.imageUrl} name={product.name} size={96} />
              ) : null}
              <FileChooser
                file={image}
                onChange={chooseImage}
                accept={PRODUCT_IMAGE_TYPES}
                label="Product image"
                name={PRODUCT_IMAGE_PART}
                buttonLabel={product?.imageUrl ? 'Replace image' : 'Choose File'}
                helperText="JPEG, PNG or WebP, up to 5 MB."
                error={imageError ?? errors[PRODUCT_IMAGE_PART]}
                isRemovable
                disabled={isBusy}
              />
            </Box>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy}>
            {isBusy ? 'Saving…' : isEdit ? 'Save changes' : 'Add product'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
