import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAYMENT_METHODS, type PaymentMethod } from '@app/contracts';
import { useId, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { BasketTotals } from '../basket';
import { PAYMENT_LABELS, formatDeduction, formatMoney } from '../format';

type CheckoutBarProps = {
  totals: BasketTotals;
  paymentMethod: PaymentMethod;
  onPaymentMethodChange: (method: PaymentMethod) => void;
  customerRef: string;
  onCustomerRefChange: (text: string) => void;
  /** Enter in the customer reference (a card scanner ends with it): find the member now. */
  onFindMember: () => void;
  customerRefError: string | null;
  /** The member the reference names and what she redeems (under the reference). */
  loyalty: ReactNode;
  /** What the chosen reward takes off, as the till expects it; null when nothing is redeemed. */
  reward: { label: string; cents: number } | null;
  canRecord: boolean;
  isRecording: boolean;
  hasLines: boolean;
  onRecord: () => void;
  onClear: () => void;
};

function TotalRow({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 3, alignItems: 'baseline' }}>
      <Typography
        variant={isStrong ? 'subtitle1' : 'body2'}
        color={isStrong ? 'text.primary' : 'text.secondary'}
      >
        {label}
      </Typography>
      <Typography
        variant={isStrong ? 'h5' : 'body2'}
        component="span"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: isStrong ? 700 : 400 }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** How the customer pays, who they are (optional), what it comes to, and the button that records it. */
export function CheckoutBar({
  totals,
  paymentMethod,
  onPaymentMethodChange,
  customerRef,
  onCustomerRefChange,
  onFindMember,
  customerRefError,
  loyalty,
  reward,
  canRecord,
  isRecording,
  hasLines,
  onRecord,
  onClear,
}: CheckoutBarProps) {
  const paymentLabelId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canRecord) onRecord();
  };
  // Enter looks the member up instead of recording; Ctrl+Enter still records (the till handles it).
  const findOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onFindMember();
  };
  const total = Math.max(0, totals.total - (reward?.cents ?? 0));

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Checkout"
      sx={{ display: 'flex', gap: 3, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flex: '1 1 300px', minWidth: 0 }}>
        <FormControl disabled={isRecording}>
          <FormLabel id={paymentLabelId} sx={{ typography: 'body2' }}>
            Payment
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={paymentLabelId}
            name="paymentMethod"
            value={paymentMethod}
            onChange={(event) => onPaymentMethodChange(event.target.value as PaymentMethod)}
          >
            {PAYMENT_METHODS.map((method) => (
              <FormControlLabel
                key={method}
                value={method}
                control={<Radio size="small" />}
                label={PAYMENT_LABELS[method]}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label="Customer reference (optional)"
          value={customerRef}
          onChange={(event) => onCustomerRefChange(event.target.value)}
          onKeyDown={findOnEnter}
          disabled={isRecording}
          size="small"
          error={customerRefError !== null}
          helperText={customerRefError ?? 'A loyalty card, e-mail or phone; Enter finds the member'}
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
        />
        {loyalty}
      </Box>
      <Box sx={{ flex: '0 1 300px', display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 260 }}>
        <TotalRow
          label={`Subtotal (${totals.units} ${totals.units === 1 ? 'item' : 'items'})`}
          value={formatMoney(totals.subtotal)}
        />
        <TotalRow label="Discounts" value={formatDeduction(totals.discount)} />
        {reward ? <TotalRow label={`Reward: ${reward.label}`} value={formatDeduction(reward.cents)} /> : null}
        <TotalRow label="Total" value={formatMoney(total)} isStrong />
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={onClear} disabled={!hasLines || isRecording}>
            Clear
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!canRecord}
            startIcon={isRecording ? <CircularProgress size={18} color="inherit" /> : <PointOfSaleIcon />}
            aria-keyshortcuts="Control+Enter"
            sx={{ flex: 1, whiteSpace: 'nowrap' }}
          >
            {isRecording ? 'Recording…' : 'Record sale'}
          </Button>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
          Ctrl+Enter records the sale from anywhere in the till.
        </Typography>
      </Box>
    </Box>
  );
}
