import { useBusinessCurrency } from '../../hooks/use-business-currency';
import { useMemo } from 'react';
import { formatMoney } from '../../lib/money';

export type BusinessMoney = {
  /** "£5.00" from an API decimal string. */
  format: (value: string) => string;
  /** "£", for the adornment of a money field. */
  symbol: string;
};

function symbolOf(currency: string): string {
  const parts = new Intl.NumberFormat(undefined, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/**
 * Money in the business's currency, as the till and the home page show it. The business is the
 * shell's query, cached already; until it answers amounts show in the server's default currency.
 */
export function useBusinessMoney(): BusinessMoney {
  const currency = useBusinessCurrency();
  return useMemo(
    () => ({ format: (value: string) => formatMoney(value, currency), symbol: symbolOf(currency) }),
    [currency],
  );
}
