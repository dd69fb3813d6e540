import type { PaymentMethod, SaleKind, TDiscount } from '@app/contracts';
import { formatMoney, toCents } from '../../lib/money';

// The till shows bare amounts (the receipt's figures); lib/money adds the currency where asked.
export { formatMoney, toCents } from '../../lib/money';

/** "10 % off" or "0.50 off" (per unit). */
export function describeDiscount(discount: TDiscount): string {
  if (discount.discountPercentage !== null) return `${discount.discountPercentage} % off`;
  return `${formatMoney(discount.discountAmount ?? '0')} off`;
}

export const PAYMENT_LABELS: Record<PaymentMethod, string> = { CASH: 'Cash', CARD: 'Card', OTHER: 'Other' };
export const KIND_LABELS: Record<SaleKind, string> = { SALE: 'Sale', REFUND: 'Refund' };

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** An instant as its day ("26 Nov 2026") and time ("11:04"). */
export function formatDayAndTime(instant: string): { day: string; time: string } {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return { day: instant, time: '' };
  return { day: dayFormat.format(date), time: timeFormat.format(date) };
}

/** The server words a refusal after its line ("Line 2: only 1 ..."); on the line itself that is said already. */
export function withoutLinePrefix(message: string): string {
  const rest = message.replace(/^Line \d+: /, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** What the discounts take off a total: "−0.40" off a sale, "+0.20" back onto a refund's negative total. */
export function formatDeduction(value: number | string): string {
  const cents = typeof value === 'number' ? value : toCents(value);
  if (cents === 0) return formatMoney(0);
  return `${cents > 0 ? '−' : '+'}${formatMoney(Math.abs(cents))}`;
}
