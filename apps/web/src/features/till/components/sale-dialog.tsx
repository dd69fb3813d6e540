import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TSale, TSaleLine } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifySuccess } from '../../../components/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import {
  KIND_LABELS,
  PAYMENT_LABELS,
  formatDayAndTime,
  formatDeduction,
  formatMoney,
  toCents,
  withoutLinePrefix,
} from '../format';
import { describePoints } from '../loyalty';
import { TILL_MESSAGES, TILL_SUCCESS } from '../messages';
import { useGetSaleQuery, useRefundSaleMutation } from '../till.api';
import { refusedLine } from '../till-requests';

type SaleDialogProps = {
  saleId: string;
  /** Opened by a row's Refund: the refund form shows at once. */
  startsRefunding: boolean;
  canRefund: boolean;
  onClose: () => void;
};

/** Units of a sale's line that no refund has given back yet. */
const leftOf = (line: TSaleLine) => line.quantity - line.refundedQuantity;
const perUnit = (line: TSaleLine) => toCents(line.unitPrice) - toCents(line.discount);

function parseUnits(text: string, left: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const units = Number(text.trim());
  return units <= left ? units : null;
}

/** A sale's (or a refund's) lines and totals; for sales:refund, the form that gives some or all of it back. */
export function SaleDialog({ saleId, startsRefunding, canRefund, onClose }: SaleDialogProps) {
  const titleId = useId();
  const query = useGetSaleQuery(saleId);
  const sale = query.data;
  const [isRefunding, setIsRefunding] = useState(startsRefunding);
  // Units to give back per line number, as typed; a line not typed in gives back all it has left.
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [refundSale, refunding] = useRefundSaleMutation();
  const { keyFor, settle } = useIdempotencyKey();

  const refundable = sale?.kind === 'SALE' ? sale.lines.filter((line) => leftOf(line) > 0) : [];
  const canGiveBack = canRefund && refundable.length > 0;
  const showsForm = isRefunding && canGiveBack;

  const chosen = refundable.map((line) => ({
    line,
    units: parseUnits(typed[line.lineNo] ?? String(leftOf(line)), leftOf(line)),
  }));
  const isValid = chosen.every(({ units }) => units !== null);
  const giving = chosen.filter(
    (choice): choice is { line: TSaleLine; units: number } => (choice.units ?? 0) > 0,
  );
  const isEverything = isValid && chosen.every(({ line, units }) => units === leftOf(line));
  const units = giving.reduce((sum, { units: count }) => sum + count, 0);
  const linesCents = giving.reduce((sum, { line, units: count }) => sum + count * perUnit(line), 0);
  // A reward paid part of the sale: the server gives back the lines' share of what the customer
  // paid (the reward's share is not money to give back), so the figure here follows its rule.
  const rewardCents = sale ? toCents(sale.loyaltyDiscount) : 0;
  const paidCents = sale ? toCents(sale.total) : 0;
  const isFirstRefund = sale?.lines.every((line) => line.refundedQuantity === 0) ?? true;
  const refundCents =
    rewardCents <= 0
      ? linesCents
      : isEverything && isFirstRefund
        ? paidCents
        : Math.min(Math.floor((linesCents * paidCents) / (paidCents + rewardCents)), paidCents);
  const isEstimate = rewardCents > 0 && !(isEverything && isFirstRefund);

  const type = (lineNo: number, text: string) => {
    setTyped((current) => ({ ...current, [lineNo]: text }));
    setLineErrors(({ [lineNo]: _cleared, ...rest }) => rest);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isValid && units > 0) setIsConfirming(true);
  };

  const confirm = async (current: TSale) => {
    // Everything left goes without lines: the server refunds what is left when it runs.
    const lines = isEverything
      ? undefined
      : giving.map(({ line, units: quantity }) => ({ lineNo: line.lineNo, quantity }));
    const idempotencyKey = keyFor({ saleId: current.id, lines });
    try {
      const refund = await refundSale({ saleId: current.id, lines, idempotencyKey }).unwrap();
      settle();
      notifySuccess(TILL_SUCCESS.refunded(formatMoney(refund.total)));
      onClose();
    } catch (failure) {
      setIsConfirming(false);
      const message = getErrorMessage(failure, TILL_MESSAGES.refund);
      const lineNo = refusedLine(failure, 'lineNo');
      if (lineNo !== null && refundable.some((line) => line.lineNo === lineNo)) {
        setLineErrors((current) => ({ ...current, [lineNo]: withoutLinePrefix(message) }));
      } else {
        setError(message);
      }
      // What was left may have changed under us (another till refunded): read the sale again.
      void query.refetch();
    }
  };

  const when = sale ? formatDayAndTime(sale.soldAt) : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {sale && when ? (
          <>
            {showsForm ? 'Refund' : KIND_LABELS[sale.kind]} · {when.day}, {when.time}
          </>
        ) : (
          'Sale'
        )}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: 0 }}>
          {query.isLoading ? (
            <Box aria-label="Loading the sale">
              <Skeleton variant="text" width={280} />
              <Skeleton variant="rounded" height={160} sx={{ mt: 1 }} />
            </Box>
          ) : null}
          {query.isError ? (
            <Alert severity="error">{getErrorMessage(query.error, TILL_MESSAGES.sale)}</Alert>
          ) : null}
          {sale ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {sale.storeName} · {PAYMENT_LABELS[sale.paymentMethod]}
                {sale.customerRef ? ` · Customer ${sale.customerRef}` : ''}
              </Typography>
              {showsForm ? (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  Choose the units to give back; all that is left of each line is filled in. They go back into
                  stock at {sale.storeName}.
                </Typography>
              ) : null}
              <Table size="small" aria-label={`Lines of the ${KIND_LABELS[sale.kind].toLowerCase()}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Product</TableCell>
                    <TableCell align="right">Qty</TableCell>
                    <TableCell align="right">Unit price</TableCell>
                    <TableCell align="right">Discount</TableCell>
                    <TableCell align="right">Total</TableCell>
                    {sale.kind === 'SALE' ? (
                      <TableCell align="right">{showsForm ? 'Give back' : 'Refunded'}</TableCell>
                    ) : null}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {sale.lines.map((line) => {
                    const left = leftOf(line);
                    const lineError = lineErrors[line.lineNo];
                    const text = typed[line.lineNo] ?? String(left);
                    const isBad = parseUnits(text, left) === null;
                    return (
                      <TableRow key={line.lineNo}>
                        <TableCell>
                          <Typography variant="body2" sx={{ fontWeight: 500 }}>
                            {line.productName}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {line.sku}
                          </Typography>
                        </TableCell>
                        <TableCell align="right">{line.quantity}</TableCell>
                        <TableCell align="right">{formatMoney(line.unitPrice)}</TableCell>
                        <TableCell align="right">
                          {toCents(line.discount) === 0 ? '—' : `−${formatMoney(line.discount)}`}
                        </TableCell>
                        <TableCell align="right" sx={{ fontWeight: 500 }}>
                          {formatMoney(line.totalPrice)}
                        </TableCell>
                        {sale.kind === 'SALE' ? (
                          <TableCell align="right" sx={{ width: showsForm ? 150 : undefined }}>
                            {showsForm && left > 0 ? (
                              <TextField
                                size="small"
                                value={text}
                                onChange={(event) => type(line.lineNo, event.target.value)}
                                error={isBad || lineError !== undefined}
                                helperText={lineError ?? (isBad ? `0 to ${left}` : `of ${left} left`)}
                                disabled={refunding.isLoading}
                                sx={{ width: 110 }}
                                slotProps={{
                                  htmlInput: {
                                    inputMode: 'numeric',
                                    autoComplete: 'off',
                                    'aria-label': `Units of ${line.productName} to give back`,
                                    sx: { textAlign: 'right' },
                                  },
                                }}
                              />
                            ) : line.refundedQuantity > 0 ? (
                              `${line.refundedQuantity} of ${line.quantity}`
                            ) : (
                              '—'
                            )}
                          </TableCell>
                        ) : null}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
                <Box
                  sx={{
                    minWidth: 240,
                    display: 'grid',
                    gridTemplateColumns: '1fr auto',
                    columnGap: 3,
                    rowGap: 0.5,
                  }}
                >
                  <Typography variant="body2" color="text.secondary">
                    Subtotal
                  </Typography>
                  <Typography variant="body2" align="right">
                    {formatMoney(sale.subtotal)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Discounts
                  </Typography>
                  <Typography variant="body2" align="right">
                    {formatDeduction(sale.discountTotal)}
                  </Typography>
                  {toCents(sale.loyaltyDiscount) !== 0 ? (
                    <>
                      <Typography variant="body2" color="text.secondary">
                        Loyalty reward
                      </Typography>
                      <Typography variant="body2" align="right">
                        {formatDeduction(sale.loyaltyDiscount)}
                      </Typography>
                    </>
                  ) : null}
                  <Typography variant="subtitle1">
                    {sale.kind === 'REFUND' ? 'Given back' : 'Total'}
                  </Typography>
                  <Typography variant="subtitle1" align="right" sx={{ fontWeight: 700 }}>
                    {formatMoney(sale.total)}
                  </Typography>
                  {showsForm ? (
                    <>
                      <Typography variant="subtitle1" color="primary">
                        This refund
                      </Typography>
                      <Typography variant="subtitle1" align="right" color="primary" sx={{ fontWeight: 700 }}>
                        {isEstimate ? '≈ ' : ''}
                        {formatMoney(-refundCents)}
                      </Typography>
                      {rewardCents > 0 ? (
                        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
                          A loyalty reward paid {formatMoney(sale.loyaltyDiscount)} of this sale: its share is
                          not given back in money.
                        </Typography>
                      ) : null}
                    </>
                  ) : null}
                  {sale.loyalty ? (
                    <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 0.5 }}>
                      {describePoints(sale.loyalty)} · card {sale.loyalty.cardCode}
                    </Typography>
                  ) : null}
                </Box>
              </Box>
              {sale.kind === 'SALE' && canRefund && refundable.length === 0 ? (
                <Alert severity="info" sx={{ mt: 2 }}>
                  Everything of this sale has been refunded.
                </Alert>
              ) : null}
              {error ? (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {error}
                </Alert>
              ) : null}
            </>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {showsForm ? (
            <>
              <Button color="inherit" onClick={startsRefunding ? onClose : () => setIsRefunding(false)}>
                {startsRefunding ? 'Cancel' : 'Back'}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={!isValid || units === 0 || refunding.isLoading}
              >
                Refund {isEstimate ? '≈ ' : ''}
                {formatMoney(refundCents)}
              </Button>
            </>
          ) : (
            <>
              <Button color="inherit" onClick={onClose}>
                Close
              </Button>
              {canGiveBack ? (
                <Button variant="outlined" onClick={() => setIsRefunding(true)}>
                  Refund…
                </Button>
              ) : null}
            </>
          )}
        </DialogActions>
      </Box>
      {sale ? (
        <ConfirmDialog
          open={isConfirming}
          title="Refund this sale?"
          message={`Give back ${units} ${units === 1 ? 'unit' : 'units'} for ${isEstimate ? 'about ' : ''}${formatMoney(refundCents)}? They go back into stock at ${sale.storeName}.`}
          confirmLabel="Refund"
          isDestructive
          isBusy={refunding.isLoading}
          onConfirm={() => void confirm(sale)}
          onCancel={() => setIsConfirming(false)}
        />
      ) : null}
    </Dialog>
  );
}
