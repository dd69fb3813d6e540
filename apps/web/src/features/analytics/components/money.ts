import { useBusinessCurrency } from '../../../hooks/use-business-currency';
import { useCallback, useMemo } from 'react';
import { formatCompactMoney, formatMoney } from '../../../lib/money';

export type MoneyFormat = {
  /** ISO 4217 code of the business's currency. */
  currency: string;
  /** "£1,234.50" from an API decimal string or cents. */
  format: (value: number | string) => string;
  /** "£1.2K": chart axes and tight spots. */
  formatCompact: (value: number | string) => string;
};

/**
 * Money as the business's currency (its profile's, USD when it names none). The business is the
 * shell's query, cached already: no extra request. Until it answers, amounts show in USD rather
 * than nothing, which is the server's own default.
 */
export function useMoneyFormat(): MoneyFormat {
  const currency = useBusinessCurrency();
  const format = useCallback((value: number | string) => formatMoney(value, currency), [currency]);
  const formatCompact = useCallback(
    (value: number | string) => formatCompactMoney(value, currency),
    [currency],
  );
  return useMemo(() => ({ currency, format, formatCompact }), [currency, format, formatCompact]);
}
