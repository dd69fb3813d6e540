import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { ZPurchaseOrderRequest, type TPurchaseOrder, type TPurchaseOrderRequest } from '@app/contracts';
import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-dialog';
import { useLocationChoice } from '../../../components/location-picker';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { validate } from '../../../lib/validation';
import { PURCHASING_ERRORS, PURCHASING_SUCCESS } from '../messages';
import { orderPath, readUnits, useOrderMoney } from '../order-format';
import { checkUnitCost } from '../unit-cost';
import { useFocusBackAfterBusy } from '../../../lib/focus-landing';
import {
  useCreatePurchaseOrderMutation,
  useSendPurchaseOrderMutation,
  useUpdatePurchaseOrderMutation,
} from '../purchasing.api';
import { CancelOrderButton, DownloadPdfButton } from './order-actions';
import { OrderHeader } from './order-header';
import { OrderLinesEditor, type DraftLine } from './order-lines-editor';
import { SupplierField, type ChosenSupplier } from './supplier-field';

type DraftValues = {
  supplier: ChosenSupplier | null;
  /** null: not picked yet, so the user's remembered location applies. */
  locationId: string | null;
  expectedAt: string;
  note: string;
  lines: DraftLine[];
};

function valuesOf(order: TPurchaseOrder | null): DraftValues {
  if (!order) return { supplier: null, locationId: null, expectedAt: '', note: '', lines: [] };
  return {
    supplier: { id: order.supplierId, name: order.supplierName, email: order.supplierEmail },
    locationId: order.locationId,
    expectedAt: order.expectedAt ?? '',
    note: order.note ?? '',
    lines: order.lines.map((line) => ({
      productId: line.productId,
      sku: line.sku,
      productName: line.productName,
      onHand: null,
      quantity: String(line.quantity),
      unitCost: line.unitCost ?? '0.00',
    })),
  };
}

/** The server names the refused line's field (`lines.2.productId`); the form shows it at the line. */
function toFieldName(path: string): string {
  return path.endsWith('.productId') ? 'lines' : path;
}

type OrderDraftFormProps = {
  /** The saved draft, or null for a new order. */
  order: TPurchaseOrder | null;
  /** The page's focus target after an action changed the order. */
  headingRef: RefObject<HTMLHeadingElement | null>;
};

/**
 * A new order or a draft being edited (PUT replaces the whole draft): supplier, location,
 * expected day, note and lines. Send saves the changes first, then sends; both ask before the
 * supplier gets anything.
 */
export function OrderDraftForm({ order, headingRef }: OrderDraftFormProps) {
  const navigate = useNavigate();
  const money = useOrderMoney();
  const choice = useLocationChoice();
  const [values, setValues] = useState<DraftValues>(() => valuesOf(order));
  const [isDirty, setIsDirty] = useState(order === null);
  const [isAskingSend, setIsAskingSend] = useState(false);
  const form = useFormErrors();
  const { errors, showErrors, showServerError, clearError, formRef } = form;
  const { keyFor, settle } = useIdempotencyKey();

  const [createOrder, createState] = useCreatePurchaseOrderMutation();
  const [updateOrder, updateState] = useUpdatePurchaseOrderMutation();
  const [sendOrder, sendState] = useSendPurchaseOrderMutation();
  const isBusy = createState.isLoading || updateState.isLoading || sendState.isLoading;
  const noteFocus = useFocusBackAfterBusy(isBusy);

  const locationId = values.locationId ?? choice.locationId ?? '';
  const locations = choice.locations.map((location) => ({ id: location.id, name: location.name }));
  if (order && !locations.some((location) => location.id === order.locationId)) {
    // A draft for a location since discontinued still shows where it was for.
    locations.push({ id: order.locationId, name: order.locationName });
  }

  const change = <Key extends keyof DraftValues>(name: Key, value: DraftValues[Key], errorName: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setIsDirty(true);
    clearError(errorName);
  };

  /** The request the form stands for, or null with the errors shown at the fields. */
  const readRequest = (): TPurchaseOrderRequest | null => {
    const checked = validate(ZPurchaseOrderRequest, {
      supplierId: values.supplier?.id ?? '',
      locationId,
      expectedAt: values.expectedAt,
      note: values.note,
      lines: values.lines.map((line) => ({
        productId: line.productId,
        quantity: readUnits(line.quantity) ?? Number.NaN,
        unitCost: line.unitCost,
      })),
    });
    const found: Record<string, string> = { ...checked.errors };
    if (!values.supplier) found.supplierId = 'Pick the supplier.';
    if (!locationId) found.locationId = 'Pick the location the delivery goes to.';
    values.lines.forEach((line, index) => {
      const name = `lines.${index}.quantity`;
      if (line.quantity.trim() === '') found[name] = 'Enter the quantity.';
      else if (readUnits(line.quantity) === null && found[name]) found[name] = 'Enter a whole number from 1.';
      // The same words the field shows as it is left.
      const costError = checkUnitCost(line.unitCost);
      if (costError) found[`lines.${index}.unitCost`] = costError;
    });
    if (Object.keys(found).length > 0 || !checked.data) {
      showErrors(found);
      return null;
    }
    showErrors({});
    return checked.data;
  };

  /** Saves the form as a draft; the saved order, or null when refused (errors shown). */
  const save = async (request: TPurchaseOrderRequest): Promise<TPurchaseOrder | null> => {
    try {
      const saved = order
        ? await updateOrder({ id: order.id, body: request }).unwrap()
        : await createOrder({ body: request, idempotencyKey: keyFor(request) }).unwrap();
      settle();
      setIsDirty(false);
      return saved;
    } catch (error) {
      showServerError(error, order ? PURCHASING_ERRORS.update : PURCHASING_ERRORS.create, toFieldName);
      return null;
    }
  };

  const saveDraft = async () => {
    const request = readRequest();
    if (!request) return;
    const saved = await save(request);
    if (!saved) return;
    notifySuccess(order ? PURCHASING_SUCCESS.updated : PURCHASING_SUCCESS.created);
    if (!order) void navigate(orderPath(saved.id), { replace: true });
  };

  const askSend = () => {
    if (readRequest()) setIsAskingSend(true);
  };

  const send = async () => {
    setIsAskingSend(false);
    const request = readRequest();
    if (!request) return;
    const saved = isDirty || !order ? await save(request) : order;
    if (!saved) return;
    try {
      const sent = await sendOrder(saved.id).unwrap();
      notifySuccess(
        sent.mailedTo ? PURCHASING_SUCCESS.sentMailed(sent.mailedTo) : PURCHASING_SUCCESS.sentByHand,
      );
    } catch (error) {
      showServerError(error, PURCHASING_ERRORS.send);
    }
    if (!order) void navigate(orderPath(saved.id), { replace: true });
  };

  const supplierEmail = values.supplier?.email ?? null;

  return (
    <Box
      component="form"
      ref={formRef}
      onFocus={noteFocus}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void saveDraft();
      }}
    >
      <OrderHeader
        headingRef={headingRef}
        title={order ? order.orderNumber : 'New purchase order'}
        status={order ? order.status : null}
        subtitle={
          order
            ? 'A draft: change anything, then send it to the supplier.'
            : 'Pick the supplier and the location, then add the products to order.'
        }
        actions={
          <>
            {order ? <DownloadPdfButton order={order} /> : null}
            {order ? <CancelOrderButton order={order} /> : null}
            <Button type="submit" variant="outlined" startIcon={<SaveOutlinedIcon />} disabled={isBusy}>
              {createState.isLoading || updateState.isLoading ? 'Saving...' : 'Save draft'}
            </Button>
            <Button variant="contained" startIcon={<SendIcon />} onClick={askSend} disabled={isBusy}>
              {sendState.isLoading ? 'Sending...' : 'Send'}
            </Button>
          </>
        }
      />
      <FormAlert form={form} sx={{ mb: 2 }} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 200px', gap: 2 }}>
          <SupplierField
            value={values.supplier}
            onChange={(supplier) => change('supplier', supplier, 'supplierId')}
            error={errors.supplierId}
            disabled={isBusy}
          />
          <TextField
            select
            label="Deliver to"
            name="locationId"
            required
            value={locationId}
            onChange={(event) => change('locationId', event.target.value, 'locationId')}
            // The lines are products of the location: another location would not have them.
            disabled={isBusy || values.lines.length > 0}
            error={Boolean(errors.locationId)}
            helperText={
              errors.locationId ??
              (values.lines.length > 0 ? 'Remove the lines to pick another location.' : ' ')
            }
            // A disabled field's faint helper text fails AA contrast; this one explains why it is off.
            slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
          >
            {locations.map((location) => (
              <MenuItem key={location.id} value={location.id}>
                {location.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label="Expected"
            name="expectedAt"
            value={values.expectedAt}
            onChange={(event) => change('expectedAt', event.target.value, 'expectedAt')}
            disabled={isBusy}
            error={Boolean(errors.expectedAt)}
            helperText={errors.expectedAt ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Note"
            name="note"
            value={values.note}
            onChange={(event) => change('note', event.target.value, 'note')}
            disabled={isBusy}
            multiline
            minRows={1}
            placeholder="Optional: printed on the order for the supplier"
            error={Boolean(errors.note)}
            helperText={errors.note}
            sx={{ gridColumn: '1 / -1' }}
          />
        </Box>
      </Paper>
      <OrderLinesEditor
        locationId={locationId}
        lines={values.lines}
        onChange={(lines) => change('lines', lines, 'lines')}
        errors={errors}
        clearError={clearError}
        money={money}
        disabled={isBusy}
      />
      <ConfirmDialog
        open={isAskingSend}
        title="Send this order?"
        message={
          supplierEmail ? (
            <>
              The order is e-mailed to {values.supplier?.name} at <strong>{supplierEmail}</strong> with its
              PDF attached. It cannot be changed afterwards.
            </>
          ) : (
            <>
              {values.supplier?.name} has no e-mail address: the order is marked sent, and you pass its PDF on
              yourself. It cannot be changed afterwards.
            </>
          )
        }
        confirmLabel="Send order"
        isBusy={isBusy}
        onConfirm={() => void send()}
        onCancel={() => setIsAskingSend(false)}
      />
    </Box>
  );
}
