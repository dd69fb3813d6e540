import type { TDiscount } from '@app/contracts';

const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A decimal string of the API ("12.50") as the reader's locale writes it. */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  return Number.isFinite(amount) ? money.format(amount) : value;
}

export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTime.format(time);
}

/** "10 %" or "2.50 off". */
export function describeDiscount(discount: TDiscount): string {
  if (discount.discountPercentage !== null) return `${discount.discountPercentage} %`;
  return `${formatMoney(discount.discountAmount)} off`;
}

export type DiscountState = 'current' | 'scheduled' | 'expired';

export function getDiscountState(discount: TDiscount, now: number = Date.now()): DiscountState {
  if (discount.isCurrent) return 'current';
  return Date.parse(discount.discountValidFrom) > now ? 'scheduled' : 'expired';
}
