import { DEFAULT_CURRENCY } from '@app/contracts';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useGetBusinessQuery } from '../../api/business.api';
import { formatMoney } from '../../lib/money';
import { selectBusinessId } from '../../session/session.slice';

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
  const businessId = useSelector(selectBusinessId);
  const { data: business } = useGetBusinessQuery(businessId ?? '', { skip: !businessId });
  const currency = business?.currency ?? DEFAULT_CURRENCY;
  return useMemo(
    () => ({ format: (value: string) => formatMoney(value, currency), symbol: symbolOf(currency) }),
    [currency],
  );
}
