import { useBusinessCurrency } from '../../hooks/use-business-currency';
import { type PurchaseOrderStatus } from '@app/contracts';
import { useMemo } from 'react';
import { formatMoney } from '../../lib/money';

/** Statuses in which the supplier may still deliver: receipts and Close apply. */
export function isOpenForReceipt(status: PurchaseOrderStatus): boolean {
  return status === 'SENT' || status === 'PARTIALLY_RECEIVED';
}

/** The server cancels a draft, or a sent order nothing has arrived for. */
export function canBeCancelled(status: PurchaseOrderStatus, receivedQuantity: number): boolean {
  return status === 'DRAFT' || (status === 'SENT' && receivedQuantity === 0);
}

/**
 * Money in the business's currency ("£12.50"). The business is the shell's query, cached
 * already; until it answers amounts show in the server's default currency.
 */
export function useOrderMoney(): (value: string | number) => string {
  const currency = useBusinessCurrency();
  return useMemo(() => (value: string | number) => formatMoney(value, currency), [currency]);
}

/**
 * A unit cost for the order's field from a stock record's average cost (4 decimals, "2.4567"):
 * the order takes money with two decimals, rounded half up in cents.
 */
export function toUnitCostInput(averageUnitCost: string | null | undefined): string {
  if (averageUnitCost === null || averageUnitCost === undefined || averageUnitCost.trim() === '')
    return '0.00';
  const value = Number(averageUnitCost);
  if (!Number.isFinite(value) || value < 0) return '0.00';
  return (Math.round(value * 100) / 100).toFixed(2);
}

/** Typed units as a whole number, or null while they are not one. */
export function readUnits(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const instantFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** A calendar day of the API ("2026-03-31") as "31 Mar 2026"; read in UTC so no zone moves it. */
export function formatDay(day: string | null): string {
  if (!day) return '—';
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** An instant as the reader's day ("31 Mar 2026"). */
export function formatInstantDay(instant: string | null): string {
  if (!instant) return '—';
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : instantFormat.format(date);
}

/** An instant as the reader's day and time ("31 Mar 2026, 14:05"). */
export function formatInstant(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : `${instantFormat.format(date)}, ${timeFormat.format(date)}`;
}

export function orderPath(orderId: string): string {
  return `/dashboard/purchasing/orders/${encodeURIComponent(orderId)}`;
}

export const PURCHASING_PATH = '/dashboard/purchasing';
export const NEW_ORDER_PATH = '/dashboard/purchasing/orders/new';
export const SUGGESTED_PATH = '/dashboard/purchasing/suggested';
