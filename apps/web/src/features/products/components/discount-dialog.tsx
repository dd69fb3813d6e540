import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZDiscountQuery, type TDiscountQuery, type TProduct } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { FORM_IN_DIALOG } from './text-styles';
import { formatMoney } from '../format';
import { DISCOUNT_MESSAGES, SUCCESS_MESSAGES } from '../messages';
import { useSaveDiscountMutation } from '../products.api';

type Kind = 'amount' | 'percentage';
type Values = { kind: Kind; value: string; validFrom: string; validTo: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant as a datetime-local value ("2026-03-01T09:30") in the browser's time zone. */
export function toLocalInput(instant: string | number): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; what cannot be read stays as typed, for the check. */
export function toInstant(local: string): string {
  const time = Date.parse(local);
  return Number.isNaN(time) ? local : new Date(time).toISOString();
}

function initialValues(product: TProduct): Values {
  const discount = product.discount;
  if (discount) {
    const isPercentage = discount.discountPercentage !== null;
    return {
      kind: isPercentage ? 'percentage' : 'amount',
      value: isPercentage ? String(discount.discountPercentage) : (discount.discountAmount ?? ''),
      validFrom: toLocalInput(discount.discountValidFrom),
      validTo: toLocalInput(discount.discountValidTo),
    };
  }
  const now = new Date();
  now.setSeconds(0, 0);
  return {
    kind: 'percentage',
    value: '',
    validFrom: toLocalInput(now.getTime()),
    validTo: toLocalInput(now.getTime() + 7 * DAY_MS),
  };
}

const FIELD_OF: Record<string, keyof Values> = {
  discountAmount: 'value',
  discountPercentage: 'value',
  discountValidFrom: 'validFrom',
  discountValidTo: 'validTo',
};

function toFormErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) result[FIELD_OF[path] ?? path] ??= message;
  return result;
}

function previewPrice(price: string, values: Values): string | null {
  const base = Number(price);
  const value = Number(values.value);
  if (values.value.trim() === '' || !Number.isFinite(value) || value < 0) return null;
  const next = values.kind === 'percentage' ? base * (1 - Math.min(value, 100) / 100) : base - value;
  return formatMoney(String(Math.max(0, Math.round(next * 100) / 100)));
}

/** Sets the discount of one product at one location: an amount or a percentage, from and to. */
export function DiscountDialog({
  product,
  locationId,
  onClose,
}: {
  product: TProduct;
  locationId: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const [values, setValues] = useState<Values>(() => initialValues(product));
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [saveDiscount, { isLoading }] = useSaveDiscountMutation();

  const set = (name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: TDiscountQuery = {
      sku: product.sku,
      locationId,
      discountValidFrom: toInstant(values.validFrom),
      discountValidTo: toInstant(values.validTo),
      ...(values.kind === 'amount'
        ? { discountAmount: values.value.trim() }
        : { discountPercentage: values.value.trim() === '' ? Number.NaN : Number(values.value) }),
    };
    const result = validate(ZDiscountQuery, input);
    const found = result.errors ? toFormErrors(result.errors) : {};
    if (values.value.trim() === '') {
      found.value = values.kind === 'percentage' ? 'Enter the percentage.' : 'Enter the amount.';
    }
    showErrors(found);
    if (result.errors || Object.keys(found).length > 0) return;
    try {
      await saveDiscount(result.data).unwrap();
      notifySuccess(SUCCESS_MESSAGES.discountSaved);
      onClose();
    } catch (error) {
      showServerError(error, DISCOUNT_MESSAGES.createOrUpdate, (path) => FIELD_OF[path] ?? path);
    }
  };

  const preview = previewPrice(product.price, values);

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        sx={FORM_IN_DIALOG}
      >
        <DialogTitle id={titleId}>{product.discount ? 'Edit discount' : 'Set discount'}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            <strong>{product.name}</strong> ({product.sku}), price {formatMoney(product.price)}
          </Typography>
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FormLabel id={`${titleId}-kind`}>Discount as</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${titleId}-kind`}
                name="kind"
                value={values.kind}
                onChange={(event) => set('kind', event.target.value)}
              >
                <FormControlLabel
                  value="percentage"
                  control={<Radio />}
                  label="Percentage"
                  disabled={isLoading}
                />
                <FormControlLabel value="amount" control={<Radio />} label="Amount" disabled={isLoading} />
              </RadioGroup>
            </Box>
            <TextField
              label={values.kind === 'percentage' ? 'Percentage' : 'Amount off'}
              name="value"
              id="discount-value"
              required
              autoFocus
              value={values.value}
              onChange={(event) => set('value', event.target.value)}
              error={Boolean(errors.value)}
              helperText={errors.value ?? (preview ? `Price after the discount: ${preview}` : ' ')}
              disabled={isLoading}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input:
                  values.kind === 'percentage'
                    ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
                    : {},
              }}
            />
            <Box />
            <TextField
              label="Valid from"
              name="validFrom"
              id="discount-validFrom"
              type="datetime-local"
              required
              value={values.validFrom}
              onChange={(event) => set('validFrom', event.target.value)}
              error={Boolean(errors.validFrom)}
              helperText={errors.validFrom}
              disabled={isLoading}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Valid to"
              name="validTo"
              id="discount-validTo"
              type="datetime-local"
              required
              value={values.validTo}
              onChange={(event) => set('validTo', event.target.value)}
              error={Boolean(errors.validTo)}
              helperText={errors.validTo}
              disabled={isLoading}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Saving…' : 'Save discount'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
