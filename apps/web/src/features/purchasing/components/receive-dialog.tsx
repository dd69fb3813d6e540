import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ZReceivePurchaseOrderRequest,
  type TPurchaseOrder,
  type TReceivePurchaseOrderRequest,
} from '@app/contracts';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { validate } from '../../../lib/validation';
import { PURCHASING_ERRORS, PURCHASING_SUCCESS } from '../messages';
import { readUnits } from '../order-format';
import { useReceivePurchaseOrderMutation } from '../purchasing.api';

type LineEntry = { arrived: string; damaged: string; note: string };

const arrivedName = (lineId: string) => `arrived.${lineId}`;
const damagedName = (lineId: string) => `damaged.${lineId}`;
const noteName = (lineId: string) => `note.${lineId}`;

/** A blank field is 0; anything else must be a whole number. */
function readEntry(text: string): number | null {
  return text.trim() === '' ? 0 : readUnits(text);
}

type ReceiveDialogProps = { order: TPurchaseOrder; onClose: () => void };

/**
 * A delivery against the order (POST /receive): per outstanding line the units that arrived and
 * how many of them are damaged (damaged ≤ arrived ≤ outstanding), and a note. The dialog's
 * Idempotency-Key is kept while the same delivery is sent again (a retry after a lost answer), so
 * the stock moves once.
 */
export function ReceiveDialog({ order, onClose }: ReceiveDialogProps) {
  const open = order.lines.filter((line) => line.outstandingQuantity > 0);
  const [entries, setEntries] = useState<Record<string, LineEntry>>(() =>
    Object.fromEntries(open.map((line) => [line.id, { arrived: '0', damaged: '0', note: '' }])),
  );
  const form = useFormErrors();
  const { errors, showErrors, showServerError, clearError, setFormError } = form;
  const { keyFor, settle } = useIdempotencyKey();
  const [receive, state] = useReceivePurchaseOrderMutation();

  const change = (lineId: string, field: keyof LineEntry, value: string) => {
    setEntries((current) => ({ ...current, [lineId]: { ...current[lineId]!, [field]: value } }));
    clearError(`${field}.${lineId}`);
  };

  const receiveAll = () => {
    setEntries((current) =>
      Object.fromEntries(
        open.map((line) => [line.id, { ...current[line.id]!, arrived: String(line.outstandingQuantity) }]),
      ),
    );
    form.clearAll();
  };

  const submit = async () => {
    const found: Record<string, string> = {};
    const lines: TReceivePurchaseOrderRequest['lines'] = [];
    for (const line of open) {
      const entry = entries[line.id]!;
      const arrived = readEntry(entry.arrived);
      const damaged = readEntry(entry.damaged);
      if (arrived === null) found[arrivedName(line.id)] = 'A whole number.';
      else if (arrived > line.outstandingQuantity)
        found[arrivedName(line.id)] = `At most ${line.outstandingQuantity}.`;
      if (damaged === null) found[damagedName(line.id)] = 'A whole number.';
      else if (arrived !== null && damaged > arrived)
        found[damagedName(line.id)] = 'At most the units arrived.';
      if (arrived !== null && damaged !== null && arrived > 0) {
        lines.push({ lineId: line.id, quantity: arrived, damaged, note: entry.note.trim() || null });
      }
    }
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    if (lines.length === 0) {
      showErrors({});
      setFormError('Enter the units that arrived on at least one line.');
      return;
    }
    const checked = validate(ZReceivePurchaseOrderRequest, { lines });
    if (!checked.data) {
      // The contract's own refusals (a note too long) belong to a line: shown at its note.
      const [path, message] = Object.entries(checked.errors)[0]!;
      const index = Number(path.split('.')[1]);
      const line = lines[index];
      showErrors(line ? { [noteName(line.lineId)]: message } : {});
      if (!line) setFormError(message);
      return;
    }
    showErrors({});
    const body = checked.data;
    try {
      await receive({ id: order.id, body, idempotencyKey: keyFor(body) }).unwrap();
      settle();
      notifySuccess(PURCHASING_SUCCESS.received);
      onClose();
    } catch (error) {
      // The server names the sent line by its index (`lines.0.quantity`): the field of that line.
      showServerError(error, PURCHASING_ERRORS.receive, (path) => {
        const [, index, field] = path.split('.');
        const line = lines[Number(index)];
        if (!line) return path;
        return field === 'damaged'
          ? damagedName(line.lineId)
          : field === 'note'
            ? noteName(line.lineId)
            : arrivedName(line.lineId);
      });
    }
  };

  const numberInput = (label: string) => ({
    htmlInput: { inputMode: 'numeric' as const, 'aria-label': label, style: { textAlign: 'right' as const } },
  });

  return (
    <FormDialog
      title={`Receive a delivery · ${order.orderNumber}`}
      submitLabel="Receive"
      isBusy={state.isLoading}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
      intro={
        <Typography color="text.secondary" variant="body2">
          From {order.supplierName} at {order.locationName}. Count every unit that arrived, damaged ones
          included: the damaged units are recorded, the rest enter stock at the line’s unit cost.
        </Typography>
      }
      secondaryAction={
        <Button onClick={receiveAll} disabled={state.isLoading} sx={{ mr: 'auto' }}>
          Receive all outstanding
        </Button>
      }
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Lines to receive">
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell align="right">Outstanding</TableCell>
              <TableCell align="right" sx={{ width: 110 }}>
                Arrived
              </TableCell>
              <TableCell align="right" sx={{ width: 110 }}>
                Damaged
              </TableCell>
              <TableCell sx={{ width: 220 }}>Note</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {open.map((line) => {
              const entry = entries[line.id]!;
              return (
                <TableRow key={line.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {line.sku}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {line.productName}
                    </Typography>
                  </TableCell>
                  {/* Level with the text of the fields beside it. */}
                  <TableCell align="right" sx={{ pt: 2 }}>
                    {line.outstandingQuantity}
                  </TableCell>
                  <TableCell align="right">
                    <TextField
                      size="small"
                      name={arrivedName(line.id)}
                      value={entry.arrived}
                      onChange={(event) => change(line.id, 'arrived', event.target.value)}
                      onFocus={(event) => event.target.select()}
                      error={Boolean(errors[arrivedName(line.id)])}
                      helperText={errors[arrivedName(line.id)]}
                      disabled={state.isLoading}
                      autoComplete="off"
                      slotProps={numberInput(`Arrived of ${line.sku}`)}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <TextField
                      size="small"
                      name={damagedName(line.id)}
                      value={entry.damaged}
                      onChange={(event) => change(line.id, 'damaged', event.target.value)}
                      onFocus={(event) => event.target.select()}
                      error={Boolean(errors[damagedName(line.id)])}
                      helperText={errors[damagedName(line.id)]}
                      disabled={state.isLoading}
                      autoComplete="off"
                      slotProps={numberInput(`Damaged of ${line.sku}`)}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      fullWidth
                      name={noteName(line.id)}
                      value={entry.note}
                      onChange={(event) => change(line.id, 'note', event.target.value)}
                      placeholder="Optional"
                      error={Boolean(errors[noteName(line.id)])}
                      helperText={errors[noteName(line.id)]}
                      disabled={state.isLoading}
                      slotProps={{ htmlInput: { 'aria-label': `Note on ${line.sku}` } }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </FormDialog>
  );
}
