import { useBusinessCurrency } from '../../hooks/use-business-currency';
import CircleIcon from '@mui/icons-material/Circle';
import Chip from '@mui/material/Chip';
import { type TCycleCountLine, type TCycleCountScope, type TCycleCountSummary } from '@app/contracts';
import { useMemo } from 'react';
import { formatMoney, toCents } from '../../lib/money';

/**
 * A status is a coloured dot beside a label in the text colour: light blue and orange text on
 * white fail AA contrast (as the movements' chips found).
 */
function StatusDotChip({ label, dot }: { label: string; dot: string }) {
  return (
    <Chip
      // A span: the chip sits inside text (the sheet's subtitle is a paragraph).
      component="span"
      size="small"
      variant="outlined"
      icon={<CircleIcon aria-hidden="true" />}
      label={label}
      sx={{ '& .MuiChip-icon': { color: dot, fontSize: 10, ml: 1 } }}
    />
  );
}

const SHEET_STATUS: Record<TCycleCountSummary['status'], { label: string; dot: string }> = {
  COUNTING: { label: 'Counting', dot: 'info.main' },
  COMPLETED: { label: 'Completed', dot: 'success.main' },
  CANCELLED: { label: 'Cancelled', dot: 'text.disabled' },
};

export const SHEET_STATUS_LABELS: Record<TCycleCountSummary['status'], string> = {
  COUNTING: SHEET_STATUS.COUNTING.label,
  COMPLETED: SHEET_STATUS.COMPLETED.label,
  CANCELLED: SHEET_STATUS.CANCELLED.label,
};

export function SheetStatusChip({ status }: { status: TCycleCountSummary['status'] }) {
  return <StatusDotChip {...SHEET_STATUS[status]} />;
}

const LINE_STATUS: Record<TCycleCountLine['status'], { label: string; dot: string }> = {
  PENDING: { label: 'Not counted', dot: 'text.disabled' },
  COUNTED: { label: 'Counted', dot: 'info.main' },
  RECOUNT: { label: 'To recount', dot: 'warning.main' },
  ACCEPTED: { label: 'Accepted', dot: 'success.main' },
};

export function LineStatusChip({ status }: { status: TCycleCountLine['status'] }) {
  return <StatusDotChip {...LINE_STATUS[status]} />;
}

/** A count's scope in words ("2 categories", "Class A products"). */
export function describeScope(scope: TCycleCountScope): string {
  switch (scope.kind) {
    case 'ALL':
      return 'All products';
    case 'CATEGORIES':
      return `${scope.categoryIds.length} ${scope.categoryIds.length === 1 ? 'category' : 'categories'}`;
    case 'PRODUCTS':
      return `${scope.productIds.length} ${scope.productIds.length === 1 ? 'product' : 'products'}`;
    case 'ABC':
      return `Class ${scope.abcClass} products`;
  }
}

/** Which way a variance went: red for a loss, green for a gain, plain for none. */
export function varianceColor(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const sign = typeof value === 'number' ? Math.sign(value) : Math.sign(toCents(value));
  return sign < 0 ? 'error.main' : sign > 0 ? 'success.main' : undefined;
}

/** Units with their sign ("+3", "−2", "0"): a variance reads as a change. */
export function formatSignedUnits(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : '0';
}

export type CountMoney = {
  /** "£12.50" from an API decimal string. */
  format: (value: string) => string;
  /** "+£12.50" / "−£3.00": a variance reads as a change. */
  formatSigned: (value: string) => string;
};

/**
 * Money in the business's currency, as the rest of the back-office shows it. The business is the
 * shell's query, cached already; until it answers amounts show in the server's default currency.
 */
export function useCountMoney(): CountMoney {
  const currency = useBusinessCurrency();
  return useMemo(
    () => ({
      format: (value: string) => formatMoney(value, currency),
      formatSigned: (value: string) => {
        const cents = toCents(value);
        const amount = formatMoney(Math.abs(cents), currency);
        return cents > 0 ? `+${amount}` : cents < 0 ? `−${amount}` : amount;
      },
    }),
    [currency],
  );
}
