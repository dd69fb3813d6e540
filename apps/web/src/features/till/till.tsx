import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import type { PaymentMethod, TCreateSaleRequest, TSale, TStore } from '@app/contracts';
import { useEffect, useRef, useState, type Dispatch, type KeyboardEvent } from 'react';
import { getErrorMessage, getFieldErrors } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifySuccess } from '../../components/toast';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { basketTotals, isQuantityValid, toSaleLines, type BasketAction, type BasketLine } from './basket';
import { BasketTable, quantityInputId } from './components/basket-table';
import { CheckoutBar } from './components/checkout-bar';
import { LastSale } from './components/last-sale';
import { LoyaltyPanel } from './components/loyalty-panel';
import { ScanField } from './components/scan-field';
import { formatMoney, withoutLinePrefix } from './format';
import { NO_REDEEM, redemptionOf, type RedeemChoice } from './loyalty';
import { TILL_MESSAGES, TILL_SUCCESS } from './messages';
import { useLookUpTillProductMutation, useRecordSaleMutation } from './till.api';
import { refusedLine, refusedRedemption } from './till-requests';
import { useTillMember } from './use-till-member';

type TillProps = {
  store: TStore;
  lines: readonly BasketLine[];
  dispatch: Dispatch<BasketAction>;
};

const DEFAULT_PAYMENT: PaymentMethod = 'CASH';

/**
 * The till of one store: scan or type codes into the basket, choose how the customer pays, record
 * the sale. Everything works from the keyboard: the scan field has the focus, Tab reaches each
 * line's quantity (arrow keys step it), the payment and the customer reference, and Ctrl+Enter
 * records from anywhere; after a sale the focus is back in the scan field.
 */
export function Till({ store, lines, dispatch }: TillProps) {
  const scanRef = useRef<HTMLInputElement>(null);
  const [scanText, setScanText] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const [pendingScans, setPendingScans] = useState(0);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT);
  const [customerRef, setCustomerRef] = useState('');
  const [customerRefError, setCustomerRefError] = useState<string | null>(null);
  // The redemption belongs to the member it was chosen for: another member starts with none.
  const [chosen, setChosen] = useState<{ memberId: string; choice: RedeemChoice } | null>(null);
  const [redeemError, setRedeemError] = useState<string | null>(null);
  const [lastSale, setLastSale] = useState<TSale | null>(null);
  const [saleError, setSaleError] = useState<string | null>(null);
  const [isClearing, setIsClearing] = useState(false);
  // Scans are looked up one after another, so the basket keeps the order they were made in.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [lookUp] = useLookUpTillProductMutation();
  const [recordSale, recording] = useRecordSaleMutation();
  const { keyFor, settle } = useIdempotencyKey();
  const loyalty = useTillMember(customerRef);
  const { member } = loyalty;

  const totals = basketTotals(lines);
  const choice = member && chosen?.memberId === member.memberId ? chosen.choice : NO_REDEEM;
  const redemption = redemptionOf(member, choice, totals.total);
  const isRecording = recording.isLoading;
  const canRecord =
    lines.length > 0 &&
    lines.every(isQuantityValid) &&
    redemption.pointsError === null &&
    !isRecording &&
    pendingScans === 0;

  const change = (action: BasketAction) => {
    setSaleError(null);
    setRedeemError(null);
    if (action.type === 'added') setLastSale(null);
    dispatch(action);
  };

  const forgetCustomer = () => {
    setCustomerRef('');
    setCustomerRefError(null);
    setChosen(null);
    setRedeemError(null);
  };

  // A new basket starts with an empty field: a code left there by a miss is no longer wanted.
  const forgetMiss = () => {
    if (scanError !== null) setScanText('');
    setScanError(null);
  };

  // Where the focus goes once the till is enabled again (fields are disabled while recording).
  const pendingFocus = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (isRecording || !pendingFocus.current) return;
    pendingFocus.current();
    pendingFocus.current = null;
  });
  const focusScan = () => {
    pendingFocus.current = () => scanRef.current?.focus();
  };

  const lookUpAndAdd = async (code: string) => {
    try {
      const product = await lookUp({ store, code }).unwrap();
      setScanError(null);
      change({ type: 'added', product });
      return;
    } catch (error) {
      // The server's words: unknown at this store, discontinued, or several SKUs spelt alike.
      setScanError(getErrorMessage(error, TILL_MESSAGES.lookup));
    }
    // The code comes back, selected: fix a typo, or scan again over it.
    setScanText((current) => (current === '' ? code : current));
    pendingFocus.current = () => scanRef.current?.select();
  };

  const scan = (code: string) => {
    setScanText('');
    setPendingScans((count) => count + 1);
    queue.current = queue.current
      .then(() => lookUpAndAdd(code))
      .finally(() => setPendingScans((count) => count - 1));
  };

  const record = async () => {
    if (!canRecord) return;
    const reference = customerRef.trim();
    const request: TCreateSaleRequest = {
      storeId: store.id,
      lines: toSaleLines(lines),
      paymentMethod,
      ...(reference !== '' && { customerRef: reference }),
      ...(redemption.request && { redeem: redemption.request }),
    };
    setSaleError(null);
    // The same basket sent again (a lost answer, a second press) carries the same key: one sale.
    const idempotencyKey = keyFor(request);
    try {
      const sale = await recordSale({ request, idempotencyKey }).unwrap();
      settle();
      notifySuccess(TILL_SUCCESS.recorded(formatMoney(sale.total)));
      dispatch({ type: 'cleared' });
      setLastSale(sale);
      setPaymentMethod(DEFAULT_PAYMENT);
      forgetCustomer();
      forgetMiss();
      focusScan();
    } catch (error) {
      const message = getErrorMessage(error, TILL_MESSAGES.record);
      const fieldErrors = getFieldErrors(error);
      const index = refusedLine(error, 'index');
      const line = index === null ? undefined : lines[index];
      const redeemRefusal = request.redeem ? refusedRedemption(error) : null;
      if (fieldErrors.customerRef?.[0]) {
        setCustomerRefError(fieldErrors.customerRef[0]);
      } else if (redeemRefusal !== null) {
        setRedeemError(redeemRefusal);
      } else if (index !== null && line) {
        dispatch({ type: 'refused', index, message: withoutLinePrefix(message) });
        pendingFocus.current = () =>
          document.getElementById(quantityInputId(line.product.productId))?.focus();
      } else {
        setSaleError(message);
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // The clear dialog's keys reach here too (React passes a portal's events to its parents).
    if (isClearing) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void record();
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
      onKeyDown={onKeyDown}
    >
      <ScanField
        inputRef={scanRef}
        value={scanText}
        onChange={(text) => {
          setScanText(text);
          if (scanError) setScanError(null);
        }}
        onScan={scan}
        error={scanError}
        isLooking={pendingScans > 0}
        disabled={isRecording}
      />
      <BasketTable
        lines={lines}
        isBusy={isRecording}
        onType={(productId, text) => change({ type: 'quantityTyped', productId, text })}
        onStep={(productId, delta) => change({ type: 'stepped', productId, delta })}
        onRemove={(line) => {
          change({ type: 'removed', productId: line.product.productId });
          focusScan();
        }}
      />
      {saleError ? (
        <Alert severity="error" onClose={() => setSaleError(null)}>
          {saleError}
        </Alert>
      ) : null}
      {lastSale ? <LastSale sale={lastSale} /> : null}
      <Divider />
      <CheckoutBar
        totals={totals}
        paymentMethod={paymentMethod}
        onPaymentMethodChange={setPaymentMethod}
        customerRef={customerRef}
        onCustomerRefChange={(text) => {
          setCustomerRef(text);
          setCustomerRefError(null);
          setRedeemError(null);
        }}
        onFindMember={loyalty.findNow}
        customerRefError={customerRefError}
        loyalty={
          <LoyaltyPanel
            state={loyalty.state}
            choice={choice}
            onChoose={(next) => {
              if (member) setChosen({ memberId: member.memberId, choice: next });
              setRedeemError(null);
            }}
            totalCents={totals.total}
            error={redemption.pointsError ?? redeemError}
            disabled={isRecording}
          />
        }
        reward={redemption.label ? { label: redemption.label, cents: redemption.discountCents } : null}
        canRecord={canRecord}
        isRecording={isRecording}
        hasLines={lines.length > 0}
        onRecord={() => void record()}
        onClear={() => setIsClearing(true)}
      />
      <ConfirmDialog
        open={isClearing}
        title="Clear the basket?"
        message={`The ${lines.length} ${lines.length === 1 ? 'line' : 'lines'} of this sale are removed; nothing is recorded.`}
        confirmLabel="Clear"
        isDestructive
        onConfirm={() => {
          setIsClearing(false);
          change({ type: 'cleared' });
          forgetCustomer();
          forgetMiss();
          focusScan();
        }}
        onCancel={() => setIsClearing(false)}
      />
    </Paper>
  );
}
