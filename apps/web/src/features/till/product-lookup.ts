import { API, type TSaleProduct, type TStore } from '@app/contracts';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { sessionBaseQuery } from '../../api/base-api';
import type { ApiError } from '../../api/api-error';
import type { TillProduct } from './basket';
import { TILL_MESSAGES, unknownCode } from './messages';

export type LookupArgs = { store: Pick<TStore, 'id' | 'name'>; code: string };

/**
 * What a scanned or typed code sells at the store now, as GET /api/sales/lookup prices it for
 * anyone who may record a sale. The server reads the code as a sale's line does (a barcode, then
 * the SKU in any case) and words every miss itself: unknown, discontinued, several SKUs.
 */
export async function lookUpProduct(
  { store, code }: LookupArgs,
  api: BaseQueryApi,
): Promise<{ data: TillProduct } | { error: ApiError }> {
  const answer = await sessionBaseQuery({ url: API.sales.lookup, params: { storeId: store.id, code } }, api, {
    service: 'sales',
    fallbackMessage: TILL_MESSAGES.lookup,
  });
  if (answer.error) {
    // A 404 without the server's words (a proxy's) is still a code the store does not sell.
    const isBareMiss = answer.error.status === 404 && answer.error.message === TILL_MESSAGES.lookup;
    return { error: isBareMiss ? { ...answer.error, message: unknownCode(code, store.name) } : answer.error };
  }
  const product = answer.data as TSaleProduct;
  // A discount that has not started or has ended is no part of this sale's price.
  return { data: { ...product, discount: product.discount?.isCurrent ? product.discount : null } };
}
