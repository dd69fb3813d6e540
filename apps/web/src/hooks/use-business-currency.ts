import { DEFAULT_CURRENCY } from '@app/contracts';
import { useSelector } from 'react-redux';
import { useGetBusinessQuery } from '../api/business.api';
import { selectBusinessId } from '../session/session.slice';

/**
 * The business's currency (ISO 4217), for every screen that shows money. The business is the
 * shell's query, cached already: no extra request. Until it answers, the server's own default.
 */
export function useBusinessCurrency(): string {
  const businessId = useSelector(selectBusinessId);
  const { data: business } = useGetBusinessQuery(businessId ?? '', { skip: !businessId });
  return business?.currency ?? DEFAULT_CURRENCY;
}
